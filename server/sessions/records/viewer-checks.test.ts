import { describe, expect, it } from 'vitest'
import {
  CHECK_TTL_MS,
  forgetWitness,
  tenantWitnesses,
  viewerCheckKey,
  viewerChecks,
  WITNESS_TTL_MS,
} from './viewer-checks.ts'

const anna = { sessionId: 's-anna', token: 'token-a', world: '' }

describe("the service's answers about a viewer, kept a moment", () => {
  it('keeps an answer a few seconds, then asks again', () => {
    let clock = 1_000
    const checks = viewerChecks({ now: () => clock })
    const key = viewerCheckKey(anna, 'user/info', 'S-1')
    checks.set(key, false)
    clock += CHECK_TTL_MS - 1
    expect(checks.get(key)).toBe(false)
    clock += 2
    expect(checks.get(key)).toBeUndefined()
    expect(CHECK_TTL_MS).toBeLessThanOrEqual(10_000)
  })

  it('keeps each viewer’s answer apart: another session, token or world is asked on its own', () => {
    const key = viewerCheckKey(anna, 'user/info', 'S-1')
    for (const other of [
      { ...anna, sessionId: 's-ben' },
      { ...anna, token: 'token-b' },
      { ...anna, world: 'w2' },
    ]) {
      expect(viewerCheckKey(other, 'user/info', 'S-1')).not.toBe(key)
    }
    expect(viewerCheckKey(anna, 'device/info', 'S-1')).not.toBe(key)
    expect(key).not.toContain('token-a')
  })

  it('holds a bounded number of answers, the oldest dropped first', () => {
    const checks = viewerChecks({ limit: 3 })
    for (const value of ['a', 'b', 'c', 'd']) checks.set(value, true)
    expect(checks.size).toBe(3)
    expect(checks.get('a')).toBeUndefined()
    expect(checks.get('d')).toBe(true)
  })
})

describe('the user a viewer’s refusals are kept with, kept a little while', () => {
  it('stands for its viewer half a minute, and goes at once where that user is deleted', () => {
    let clock = 1_000
    const witnesses = tenantWitnesses({ now: () => clock })
    const key = viewerCheckKey(anna, 'user/list', '')
    const ben = viewerCheckKey({ ...anna, sessionId: 's-ben' }, 'user/list', '')
    witnesses.set(key, 'S-1')
    witnesses.set(ben, 'S-2')
    clock += WITNESS_TTL_MS - 1
    expect(witnesses.get(key)).toBe('S-1')
    forgetWitness(witnesses, 'S-1')
    expect(witnesses.get(key)).toBeUndefined()
    expect(witnesses.get(ben)).toBe('S-2')
    clock += 2
    expect(witnesses.get(ben)).toBeUndefined()
  })
})
