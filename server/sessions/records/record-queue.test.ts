import type { FastifyBaseLogger } from 'fastify'
import type { Kysely } from 'kysely'
import { describe, expect, test, vi } from 'vitest'
import { RecordQueue } from './record-queue.ts'
import type { Database } from './schema.ts'

function quietLog() {
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() }
  return log as typeof log & FastifyBaseLogger
}

const db = {} as Kysely<Database>
const diskFull = () => Promise.reject(new Error('could not extend file: No space left on device'))

describe('the records queue', () => {
  test('a store that answers but takes no write (a full disk) keeps the record and says it fails', async () => {
    const store = { writable: false }
    const queue = new RecordQueue(quietLog(), 10, {
      reachable: async () => true,
      writable: async () => store.writable,
    })
    queue.attach(db)
    const written: string[] = []
    let full = true
    queue.add(async () => {
      if (full) await diskFull()
      written.push('lock')
    })
    await queue.flush()
    expect(queue.counts()).toEqual({ queued: 1, written: 0, dropped: 0, failing: true })
    expect(queue.canKeep()).toBe(false)
    // The disk has room again: the record waited, and is written.
    full = false
    store.writable = true
    queue.stop()
    await queue.flush()
    expect(written).toEqual(['lock'])
    expect(queue.counts()).toEqual({ queued: 0, written: 1, dropped: 0, failing: false })
    expect(queue.canKeep()).toBe(true)
  })

  test('a record the store refuses while it takes other writes is dropped, not the rest', async () => {
    const log = quietLog()
    const queue = new RecordQueue(log, 10, {
      reachable: async () => true,
      writable: async () => true,
    })
    queue.attach(db)
    const written: string[] = []
    queue.add(() => Promise.reject(new Error('a wrong record')))
    queue.add(async () => void written.push('next'))
    await queue.flush()
    expect(written).toEqual(['next'])
    expect(queue.counts()).toEqual({ queued: 0, written: 1, dropped: 1, failing: false })
    expect(log.error).toHaveBeenCalledTimes(1)
  })

  test('a write that fails once as the store comes back is written, not dropped', async () => {
    // PostgreSQL that is starting again refuses the first write ("the database system is
    // starting up", 57P03, or a connection that died with the old server) and answers the probes
    // a moment later: the record was never wrong, so it is tried again before it counts as such.
    const log = quietLog()
    const queue = new RecordQueue(log, 10, {
      reachable: async () => true,
      writable: async () => true,
    })
    queue.attach(db)
    const written: string[] = []
    let attempts = 0
    queue.add(async () => {
      attempts += 1
      if (attempts === 1)
        throw Object.assign(new Error('the database system is starting up'), { code: '57P03' })
      written.push('wipe')
    })
    queue.add(async () => void written.push('lock'))
    await queue.flush()
    expect(written).toEqual(['wipe', 'lock'])
    expect(queue.counts()).toEqual({ queued: 0, written: 2, dropped: 0, failing: false })
    expect(log.error).not.toHaveBeenCalled()
  })
})
