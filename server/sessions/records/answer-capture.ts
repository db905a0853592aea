import type { FastifyReply } from 'fastify'
import { Readable } from 'node:stream'

const MAX_CAPTURE = 256 * 1024

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function parse(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text)
    return isRecord(value) ? value : null
  } catch {
    return null
  }
}

/**
 * Reads a small JSON answer on its way out (an `onSend` payload: text from the embedded API, a
 * stream from the service), and gives back a payload that sends the same bytes.
 */
export async function captureAnswer(
  reply: FastifyReply,
  payload: unknown,
): Promise<{ answer: Record<string, unknown> | null; payload: unknown }> {
  if (reply.getHeader('content-encoding')) return { answer: null, payload }
  if (typeof payload === 'string') return { answer: parse(payload), payload }
  if (Buffer.isBuffer(payload)) return { answer: parse(payload.toString('utf8')), payload }
  if (!(payload instanceof Readable)) return { answer: null, payload }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of payload) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk))
    chunks.push(buffer)
    size += buffer.length
  }
  const body = Buffer.concat(chunks)
  return { answer: size <= MAX_CAPTURE ? parse(body.toString('utf8')) : null, payload: body }
}

export function objectOf(value: unknown): Record<string, unknown> | null {
  return isRecord(value) ? value : null
}

export function textOf(value: unknown, max = 320): string | null {
  return typeof value === 'string' && value !== '' ? value.slice(0, max) : null
}
