import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sendApiFailure } from './api-failure.ts'
import { fitsEndpoint } from '../../contract/endpoints.ts'
import { endpointOf } from './endpoint-routes.ts'
import { isMdmApiRequest } from './request-paths.ts'

/**
 * The JSON fields of an API request, read once by the portal server for its own checks (rate
 * limits, signed-out tokens) and never changed on their way to the service: the body as the
 * client sent it (a Buffer in front of a real service, text in front of the embedded one), or
 * for the GET form of the file endpoints the JSON in `?json=`.
 *
 * A request the service could read differently from the portal is refused instead (400, in the
 * envelope), so that what reaches the service is what the checks saw: a body that is not a
 * JSON object in UTF-8, a byte-order mark, an object with two members of one name (in any
 * case: a service may match names without regard to case), a member that spells a field the
 * portal reads (`token`, `json`, …) in another case, a query with a member spelled like them
 * or named twice, a request that carries both a body and `?json=`, a POST with `?json=` or
 * a GET with a body, and a body not sent as `application/json` (the service reads none of them).
 */
type Reading = { fields: Record<string, unknown> } | { refused: true }

const readings = new WeakMap<FastifyRequest, Reading>()
const REFUSED: Reading = { refused: true }

/** The fields the portal reads for its checks; another spelling of one could slip past them. */
const READ_FIELDS = new Set(['token', 'json', 'username', 'emailaddress'])

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Whether one object's member names are unambiguous, for a reader that ignores case too. */
function unambiguous(names: string[]): boolean {
  const seen = new Set<string>()
  for (const name of names) {
    const lower = name.toLowerCase()
    if (seen.has(lower) || (READ_FIELDS.has(lower) && name !== lower)) return false
    seen.add(lower)
  }
  return true
}

/** Walks valid JSON text and checks the member names of each object in it. */
function membersUnambiguous(text: string): boolean {
  const stack: ({ names: string[]; atName: boolean } | null)[] = []
  for (let at = 0; at < text.length; at++) {
    const top = stack.at(-1)
    const char = text[at]
    if (char === '{') stack.push({ names: [], atName: true })
    else if (char === '[') stack.push(null)
    else if (char === '}' || char === ']') {
      stack.pop()
      if (top && !unambiguous(top.names)) return false
    } else if (char === ',' && top) top.atName = true
    else if (char === ':' && top) top.atName = false
    else if (char === '"') {
      let end = at + 1
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1
      if (top?.atName) top.names.push(JSON.parse(text.slice(at, end + 1)) as string)
      at = end
    }
  }
  return true
}

function readObject(text: string): Reading {
  if (text.startsWith('\uFEFF')) return REFUSED
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return REFUSED
  }
  return isRecord(value) && membersUnambiguous(text) ? { fields: value } : REFUSED
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/** The body's text; null without a body; undefined when it is not UTF-8. */
function bodyText(request: FastifyRequest): string | null | undefined {
  const { body } = request
  let text: string
  if (typeof body === 'string') text = body
  else if (Buffer.isBuffer(body)) {
    try {
      text = utf8.decode(body)
    } catch {
      return undefined
    }
  } else return null
  return text.startsWith('\uFEFF') || text.trim() !== '' ? text : null
}

/** Whether a body is sent as JSON: the service reads no other (spec: Errors, 01000002). */
function isJsonBody(contentType: string | undefined): boolean {
  return contentType?.split(';', 1)[0]?.trim().toLowerCase() === 'application/json'
}

/** The `json` query parameter; undefined without one, null when the query is ambiguous. */
function jsonParameter(url: string): string | null | undefined {
  const start = url.indexOf('?')
  if (start === -1) return undefined
  const names = new Set<string>()
  let json: string | undefined
  for (const [name, value] of new URLSearchParams(url.slice(start + 1))) {
    const lower = name.toLowerCase()
    // The interface passes the token inside `json`, never as a parameter of its own.
    if (names.has(lower) || lower === 'token' || (lower === 'json' && name !== lower)) return null
    names.add(lower)
    if (name === 'json') json = value
  }
  return json
}

function read(request: FastifyRequest): Reading {
  const body = bodyText(request)
  const json = jsonParameter(request.url)
  if (body === undefined || json === null || (body !== null && json !== undefined)) return REFUSED
  // The service reads a GET's fields from `?json=` and a POST's from its body only: fields in
  // the other place would be checked here and never seen there. (No route takes another
  // method: the router's 404 answers it.)
  if (request.method === 'GET' ? body !== null : request.method === 'POST' && json !== undefined) {
    return REFUSED
  }
  // A body in another media type is one the service would not read as these fields.
  if (body !== null && !isJsonBody(request.headers['content-type'])) return REFUSED
  const text = body ?? json
  return text === undefined ? { fields: {} } : readObject(text)
}

/** The request's reading, made once. */
function readingOf(request: FastifyRequest): Reading {
  let reading = readings.get(request)
  if (!reading) {
    reading = read(request)
    readings.set(request, reading)
  }
  return reading
}

/**
 * The first step of every request to an endpoint: its fields, read once. Refuses every API
 * request the service could read otherwise than the portal's checks, and every one with a
 * member its row does not name (a member in another case among them), before those checks run
 * (they are preHandler hooks) and before it is passed on.
 */
export function refuseAmbiguousFields(app: FastifyInstance) {
  app.addHook('preValidation', async (request, reply) => {
    if (!isMdmApiRequest(request)) return
    const reading = readingOf(request)
    const endpoint = endpointOf(request)
    const refused =
      'refused' in reading || (endpoint !== null && !fitsEndpoint(endpoint, reading.fields))
    if (refused) return sendApiFailure(request, reply, 'badRequest')
  })
}

export function requestFields(request: FastifyRequest): Record<string, unknown> {
  // The portal's own routes (and its 404) have Fastify's JSON parser: the object itself.
  if (isRecord(request.body) && !Buffer.isBuffer(request.body)) return request.body
  const reading = readingOf(request)
  return 'fields' in reading ? reading.fields : {}
}

/** A text field of the request, or undefined. */
export function bodyField(request: FastifyRequest, name: string): string | undefined {
  const value = requestFields(request)[name]
  return typeof value === 'string' ? value : undefined
}
