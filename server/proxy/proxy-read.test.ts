import { PassThrough } from 'node:stream'
import { describe, expect, test } from 'vitest'
import { MAX_ANSWER_BYTES, MAX_READING_BYTES, ReadBudget, readWhole } from './proxy-read.ts'

/**
 * Answers read whole are capped each and together (#55: twenty parallel answers of 31 MB, each
 * under the cap, took the process to 2 GB): a read that would take the reads in progress over
 * their shared budget fails as the portal being busy, and what a read held is given back.
 */
const later = () => Date.now() + 60_000

describe('reading answers whole', () => {
  test('the reads in progress share one budget; a read over it fails, the others go on', async () => {
    const budget = new ReadBudget(10)
    const first = new PassThrough()
    const second = new PassThrough()
    const firstRead = readWhole(first, { deadline: later(), budget })
    const secondRead = readWhole(second, { deadline: later(), budget })
    first.write(Buffer.alloc(8, 0x61))
    second.write(Buffer.alloc(5, 0x62))
    await expect(secondRead).rejects.toMatchObject({ reason: 'busy' })
    expect(second.destroyed).toBe(true)
    first.end(Buffer.alloc(2, 0x61))
    expect((await firstRead).length).toBe(10)
    // Both gave back what they held: the whole budget is free again.
    expect(budget.used).toBe(0)
    const third = new PassThrough()
    const thirdRead = readWhole(third, { deadline: later(), budget })
    third.end(Buffer.alloc(10, 0x63))
    expect((await thirdRead).length).toBe(10)
    expect(budget.used).toBe(0)
  })

  test('an answer over its own cap fails as too large and gives its bytes back', async () => {
    const budget = new ReadBudget(100)
    const stream = new PassThrough()
    const read = readWhole(stream, { deadline: later(), maxBytes: 4, budget })
    stream.write(Buffer.alloc(5))
    await expect(read).rejects.toMatchObject({ reason: 'tooLarge' })
    expect(budget.used).toBe(0)
  })

  test('the shared budget holds a few answers at the cap, not twenty', () => {
    expect(MAX_READING_BYTES).toBeGreaterThanOrEqual(2 * MAX_ANSWER_BYTES)
    expect(MAX_READING_BYTES).toBeLessThan(20 * MAX_ANSWER_BYTES)
  })
})
