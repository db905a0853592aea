import type { Readable } from 'node:stream'

/**
 * The most of a service's answer the portal reads whole (rather than streams): far above the
 * largest list a tenant has (5,000 devices are about 8 MB), far below what would let a few
 * answers exhaust the server's memory.
 */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024

/**
 * The most the portal holds of all the answers it is reading whole at once: each may reach
 * MAX_ANSWER_BYTES, but twenty of them together no longer take the process to gigabytes (#55);
 * an answer that would go over waits for nothing, it fails as the portal being busy.
 */
export const MAX_READING_BYTES = 4 * MAX_ANSWER_BYTES

/** Bytes held by the reads in progress that share it. */
export class ReadBudget {
  used = 0
  constructor(readonly limit: number) {}
}

const READING = new ReadBudget(MAX_READING_BYTES)

/** Why an answer could not be read whole (`busy`: the reads in progress hold the budget). */
export type ReadFailure = 'tooLarge' | 'timeout' | 'broken' | 'busy'

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
  {
    deadline,
    maxBytes = MAX_ANSWER_BYTES,
    budget = READING,
  }: { deadline: number; maxBytes?: number; budget?: ReadBudget },
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    let settled = false
    const settle = () => {
      if (settled) return false
      settled = true
      clearTimeout(timer)
      budget.used -= size
      return true
    }
    const fail = (reason: ReadFailure) => {
      if (!settle()) return
      stream.destroy()
      reject(new AnswerReadError(reason))
    }
    const timer = setTimeout(() => fail('timeout'), Math.max(0, deadline - Date.now()))
    stream.on('data', (chunk: Buffer | string) => {
      if (settled) return
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk)
      size += buffer.length
      budget.used += buffer.length
      if (size > maxBytes) return fail('tooLarge')
      if (budget.used > budget.limit) return fail('busy')
      chunks.push(buffer)
    })
    stream.on('error', () => fail('broken'))
    stream.on('end', () => {
      if (settle()) resolve(Buffer.concat(chunks))
    })
  })
}
