import type { FastifyRequest } from 'fastify'
import type { Lang } from '../texts/language.ts'
import { languageOf } from '../../../contract/languages.ts'
import type { TokenStatus } from '../model/tokens.ts'

/** What the answer to a request needs to know, also when the request fails half-way. */
export interface RequestState {
  lang: Lang
  tokenStatus: TokenStatus
}

const states = new WeakMap<FastifyRequest, RequestState>()

export function requestState(request: FastifyRequest): RequestState {
  let state = states.get(request)
  if (!state) {
    state = { lang: languageOf(request.headers['accept-language']), tokenStatus: null }
    states.set(request, state)
  }
  return state
}
