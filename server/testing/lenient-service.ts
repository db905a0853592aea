import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { referenceApi, type ReferenceApiOptions } from '../mdm/plugin.ts'
import type { SeenRequest } from './test-support.ts'

/**
 * A stand-in for a real MDM service as lenient as ASP.NET's defaults: it routes a path in any
 * case, with a trailing slash, doubled slashes or `;params`; it matches member names without
 * regard to case (the last of two spellings wins) and enum values likewise (`"Admin"` is
 * `admin`). Behind that reading it is the reference API itself, so tokens, accounts, tenants
 * and commands behave as they do in embedded mode: the portal's proxy tests run against the
 * service an attacker would meet, not one that reads exactly what the portal reads.
 */

/** The members whose values the service reads as enums. */
const ENUM_MEMBERS = new Set(['type', 'usertype', 'mdmtype', 'emailculture'])
const ENUM_VALUES: Record<string, string> = { 'de-de': 'de-DE', 'en-us': 'en-US' }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Member names in lower case, enum values too, all the way down. */
function aspNetReading(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(aspNetReading)
  if (!isRecord(value)) return value
  const read: Record<string, unknown> = {}
  for (const [name, member] of Object.entries(value)) {
    const lower = name.toLowerCase()
    read[lower] =
      ENUM_MEMBERS.has(lower) && typeof member === 'string'
        ? (ENUM_VALUES[member.toLowerCase()] ?? member.toLowerCase())
        : aspNetReading(member)
  }
  return read
}

/** The route a lenient router finds for a path. */
function aspNetRoute(path: string): string {
  let decoded = path.split(/[?;]/, 1)[0] ?? ''
  try {
    decoded = decodeURIComponent(decoded)
  } catch {
    // Left as it is: no route matches it.
  }
  return decoded
    .toLowerCase()
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '')
}

function readBody(body: Buffer): string | undefined {
  if (body.length === 0) return undefined
  try {
    return JSON.stringify(aspNetReading(JSON.parse(body.toString('utf8'))))
  } catch {
    return body.toString('utf8')
  }
}

function readQuery(url: string): string {
  const start = url.indexOf('?')
  if (start === -1) return ''
  const query = new URLSearchParams()
  for (const [name, value] of new URLSearchParams(url.slice(start + 1))) {
    const lower = name.toLowerCase()
    let read = value
    if (lower === 'json') {
      try {
        read = JSON.stringify(aspNetReading(JSON.parse(value)))
      } catch {
        // Passed on as it came.
      }
    }
    query.set(lower, read)
  }
  return `?${query.toString()}`
}

export interface LenientService {
  url: string
  /** Every request as it reached the service, before its lenient reading. */
  seen: SeenRequest[]
  /** The reference API behind it, for a test's own look at its state. */
  api: FastifyInstance
  close(): Promise<void>
}

/**
 * A test's own answer to one endpoint (by the route a lenient router finds, e.g.
 * `/api/mdm/v2/user/mdmprofile`), in place of the reference API's: a file larger than the
 * reference API makes, or one sent slowly; `api` is the reference API behind the service. Every
 * other endpoint is the reference API's.
 */
export type LenientAnswers = Record<
  string,
  (request: FastifyRequest, reply: FastifyReply, api: FastifyInstance) => unknown
>

export async function startLenientService(
  options: Partial<ReferenceApiOptions> = {},
  answers: LenientAnswers = {},
): Promise<LenientService> {
  const api = Fastify({ logger: false })
  await api.register(referenceApi, {
    portalUrl: 'http://portal.test',
    commandDelayMs: 60_000,
    ...options,
  })
  await api.ready()
  const service = Fastify({ logger: false })
  const seen: SeenRequest[] = []
  service.removeAllContentTypeParsers()
  service.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  )
  service.all('/*', async (request, reply) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
    seen.push({ method: request.method, url: request.url, headers: request.headers, body })
    const own = answers[aspNetRoute(request.url)]
    if (own) return own(request, reply, api)
    const method = request.method === 'HEAD' ? 'GET' : request.method
    const payload = readBody(body)
    const answer = await api.inject({
      method: method as 'GET' | 'POST',
      url: aspNetRoute(request.url) + readQuery(request.url),
      headers: {
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
        ...(request.headers['accept-language']
          ? { 'accept-language': request.headers['accept-language'] }
          : {}),
        ...(request.headers['x-mdm-world']
          ? { 'x-mdm-world': request.headers['x-mdm-world'] }
          : {}),
      },
      ...(payload === undefined ? {} : { payload }),
    })
    const type = answer.headers['content-type']
    if (type) reply.type(String(type))
    return reply.code(answer.statusCode).send(answer.rawPayload)
  })
  await service.listen({ port: 0, host: '127.0.0.1' })
  const address = service.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    api,
    close: async () => {
      await service.close()
      await api.close()
    },
  }
}
