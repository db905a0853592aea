import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Readable } from 'node:stream'
import { sendApiFailure, type PortalFailure } from './api-failure.ts'

/** An envelope is small; anything longer is a page, not an answer the client could read. */
const MAX_ERROR_BODY = 64 * 1024

/** What the portal says instead, by the service's status, when its body is not an envelope. */
function failureFor(status: number): PortalFailure | null {
  if (status === 502 || status === 503) return 'serviceUnavailable'
  if (status === 504) return 'serviceTimeout'
  if (status >= 500) return 'internalError'
  if (status === 404) return 'unknownEndpoint'
  if (status === 413) return 'bodyTooLarge'
  if (status === 429) return 'tooManyRequests'
  return null
}

function isEnvelope(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text)
    return typeof value === 'object' && value !== null && 'success' in value
  } catch {
    return false
  }
}

async function readSome(stream: Readable): Promise<Buffer | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk))
    size += buffer.length
    if (size > MAX_ERROR_BODY) {
      stream.destroy()
      return null
    }
    chunks.push(buffer)
  }
  return Buffer.concat(chunks)
}

/**
 * reply-from's `onResponse`: answers pass through as they came, except a failure whose body is
 * not the service's envelope (a load balancer's or web server's HTML error page): the client
 * then gets the portal's envelope with the same status, in the request's language.
 */
export async function passAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  response: { statusCode: number; stream: Readable },
) {
  const failure = failureFor(response.statusCode)
  if (!failure) return reply.send(response.stream)
  // The service's headers are on the reply already (reply-from copied them).
  const encoded = reply.getHeader('content-encoding')
  const body = await readSome(response.stream).catch(() => null)
  if (body && !encoded && isEnvelope(body.toString('utf8'))) return reply.send(body)
  for (const header of ['content-length', 'content-type', 'content-encoding', 'etag']) {
    reply.removeHeader(header)
  }
  return sendApiFailure(request, reply, failure, response.statusCode)
}
