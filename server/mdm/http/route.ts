import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from '../../../contract/zod.ts'
import { FileAnswer, sendSuccess, type Members } from './answer.ts'
import { authenticate, type AdminCaller, type Caller, type UserCaller } from './auth.ts'
import { BODY_LIMIT, readInput } from './body.ts'
import { ApiFailure } from './failure.ts'
import { parseFields } from './fields.ts'
import type { Lang } from '../texts/language.ts'
import { requestState, type RequestState } from './request-state.ts'
import type { World } from '../model/world.ts'
import type { WorldRegistry } from '../model/worlds.ts'

/** Who may call an endpoint: nobody needs a credential, anyone with one, users, administrators. */
type Access = 'none' | 'any' | 'user' | 'admin'
type CallerFor<A extends Access> = A extends 'none'
  ? null
  : A extends 'user'
    ? UserCaller
    : A extends 'admin'
      ? AdminCaller
      : Caller

interface RouteContext<A extends Access, B> {
  world: World
  caller: CallerFor<A>
  body: B
  lang: Lang
  state: RequestState
  request: FastifyRequest
}

interface RouteSpec<A extends Access, S extends z.ZodMiniType> {
  path: string
  access: A
  fields: S
  /** Also answer GET with the fields as url-encoded JSON in `?json=` (image, mdmprofile). */
  get?: boolean
  handle: (
    context: RouteContext<A, z.output<S>>,
  ) => Members | FileAnswer | Promise<Members | FileAnswer>
}

function fits<A extends Access>(access: A, caller: Caller | null): caller is CallerFor<A> {
  if (access === 'none') return caller === null
  return caller !== null && (access === 'any' || caller.kind === access)
}

/**
 * One endpoint of the API. Every request runs the same way: world, fields as JSON, credential
 * (401), kind of account (403), field validation, handler; failures are thrown as ApiFailure and
 * answered by the scope's error handler.
 */
export function addRoute<A extends Access, S extends z.ZodMiniType>(
  scope: FastifyInstance,
  worlds: WorldRegistry,
  spec: RouteSpec<A, S>,
): void {
  scope.route({
    method: spec.get ? ['GET', 'POST'] : ['POST'],
    // Only POST, and GET where the spec allows it (Conventions 1): no HEAD that Fastify would
    // add, which would run a GET's effects (an enrollment profile's download) unasked.
    exposeHeadRoute: false,
    url: spec.path,
    bodyLimit: BODY_LIMIT,
    handler: async (request, reply) => {
      const state = requestState(request)
      const world = worlds.select(request)
      const input = readInput(request)
      const caller =
        spec.access === 'none' ? null : authenticate(world, input, request.headers, state)
      if (!fits(spec.access, caller)) throw new ApiFailure('forbidden')
      const body = parseFields(spec.fields, input)
      const answer = await spec.handle({ world, caller, body, lang: state.lang, state, request })
      return sendSuccess(request, reply, answer)
    },
  })
}
