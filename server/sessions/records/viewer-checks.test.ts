import { describe, expect, it } from 'vitest'
import { CHECK_TTL_MS, ViewerChecks } from './viewer-checks.ts'

const anna = { sessionId: 's-anna', token: 'token-a', world: '' }

describe('ViewerChecks', () => {
  it('keeps an answer a few seconds, then asks again', () => {
    const checks = new ViewerChecks()
    const key = ViewerChecks.key(anna, 'user/info', 'S-1')
    checks.set(key, true, 1_000)
    expect(checks.get(key, 1_000 + CHECK_TTL_MS - 1)).toBe(true)
    expect(checks.get(key, 1_000 + CHECK_TTL_MS)).toBeUndefined()
    expect(checks.size).toBe(0)
    expect(CHECK_TTL_MS).toBeLessThanOrEqual(10_000)
  })

  it('keeps each viewer’s answer apart: another session, token or world is asked on its own', () => {
    const key = ViewerChecks.key(anna, 'user/info', 'S-1')
    for (const other of [
      { ...anna, sessionId: 's-ben' },
      { ...anna, token: 'token-b' },
      { ...anna, world: 'w2' },
    ]) {
      expect(ViewerChecks.key(other, 'user/info', 'S-1')).not.toBe(key)
    }
    expect(ViewerChecks.key(anna, 'device/info', 'S-1')).not.toBe(key)
    expect(key).not.toContain('token-a')
  })

  it('holds a bounded number of answers, the oldest dropped first', () => {
    const checks = new ViewerChecks(CHECK_TTL_MS, 3)
    for (const value of ['a', 'b', 'c', 'd']) checks.set(value, true, 0)
    expect(checks.size).toBe(3)
    expect(checks.get('a', 1)).toBeUndefined()
    expect(checks.get('d', 1)).toBe(true)
  })
})
