import type { Readable } from 'node:stream'

/**
 * The most of a service's answer the portal reads whole (rather than streams): far above the
 * largest list a tenant has (5,000 devices are about 8 MB), far below what would let a few
 * answers exhaust the server's memory.
 */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024

/** Why an answer could not be read whole. */
export type ReadFailure = 'tooLarge' | 'timeout' | 'broken'

export class AnswerReadError extends Error {
  constructor(readonly reason: ReadFailure) {
    super(`The service's answer could not be read: ${reason}`)
    this.name = 'AnswerReadError'
  }
}

/**
 * Reads an answer whole, or fails: beyond `maxBytes` (the stream is destroyed at once, so no
 * more is received), past the `deadline` (a time in ms since the epoch), or when the service
 * cut it short (a closed connection before the announced length, a broken chunk). Every place
 * that reads a service's answer whole reads it through this.
 */
export function readWhole(
  stream: Readable,
  { deadline, maxBytes = MAX_ANSWER_BYTES }: { deadline: number; maxBytes?: number },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const fail = (reason: ReadFailure) => {
      clearTimeout(timer)
      stream.destroy()
      reject(new AnswerReadError(reason))
    }
    const timer = setTimeout(() => fail('timeout'), Math.max(0, deadline - Date.now()))
    stream.on('data', (chunk: Buffer | string) => {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
      size += buffer.length
      if (size > maxBytes) return fail('tooLarge')
      chunks.push(buffer)
    })
    stream.on('error', () => fail('broken'))
    stream.on('end', () => {
      clearTimeout(timer)
      resolve(Buffer.concat(chunks))
    })
  })
}
