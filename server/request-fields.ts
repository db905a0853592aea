import type { FastifyRequest } from 'fastify'

/**
 * The JSON fields of an API request, read by the portal server for itself (rate limits,
 * signed-out tokens) without changing what reaches the service: the body as the client sent
 * it (a Buffer in front of a real service, text in front of the embedded one), or for the GET
 * form of the file endpoints the JSON in `?json=`. Anything unreadable has no fields.
 */
const parsed = new WeakMap<FastifyRequest, Record<string, unknown>>()

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function parseObject(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text)
    return isRecord(value) ? value : {}
  } catch {
    return {}
  }
}

function textOf(request: FastifyRequest): string | null {
  const { body } = request
  if (Buffer.isBuffer(body)) return body.toString('utf8')
  if (typeof body === 'string') return body
  if (request.method === 'GET' || request.method === 'HEAD') {
    const json = isRecord(request.query) ? request.query.json : undefined
    return typeof json === 'string' ? json : null
  }
  return null
}

export function requestFields(request: FastifyRequest): Record<string, unknown> {
  // The portal's own routes (and its 404) have Fastify's JSON parser: the object itself.
  if (isRecord(request.body) && !Buffer.isBuffer(request.body)) return request.body
  let fields = parsed.get(request)
  if (!fields) {
    const text = textOf(request)
    fields = text === null ? {} : parseObject(text)
    parsed.set(request, fields)
  }
  return fields
}

/** A text field of the request, or undefined. */
export function bodyField(request: FastifyRequest, name: string): string | undefined {
  const value = requestFields(request)[name]
  return typeof value === 'string' ? value : undefined
}
