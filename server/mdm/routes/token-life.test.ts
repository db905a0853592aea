import { describe, expect, it } from 'vitest'
import {
  DE,
  DEMO,
  expectFailure,
  expectSuccess,
  sharedApi,
  startApi,
  TestWorld,
} from '../test-client.ts'

const api = sharedApi()

describe('token life', () => {
  it('Errors rule 2: tokenstatus is null, then ExpiresSoon inside the renewal window, then Expired with HTTP 401', async () => {
    const world = api.world()
    const token = await world.login('anna')
    const admin = await world.login('admin')
    expect((await world.call('device/list', { token })).json.tokenstatus).toBeNull()
    await world.control('clock', { advanceMs: 51 * 60_000 })
    const soon = await world.call('device/list', { token })
    expectSuccess(soon)
    expect(soon.json.tokenstatus).toBe('ExpiresSoon')
    // Errors rule 2 holds on failures too, also one of a field read after the token.
    const failed = await world.call('user/list', { token: admin, mtcid: 'nowhere' })
    expectFailure(failed, 'tenantNotAccessible', 403)
    expect(failed.json.tokenstatus).toBe('ExpiresSoon')
    const badField = await world.call('user/list', { token: admin, mtcid: 7 })
    expectFailure(badField, 'invalidField')
    expect(badField.json.tokenstatus).toBe('ExpiresSoon')
    await world.control('clock', { advanceMs: 10 * 60_000 })
    const expired = await world.call('device/list', { token }, DE)
    expect(expectFailure(expired, 'tokenExpired', 401)).toContain('abgelaufen')
    expect(expired.json.tokenstatus).toBe('Expired')
  })

  it('renewtoken issues a new token and the old one stops working; an expired token cannot be renewed', async () => {
    const world = api.world()
    const old = await world.login('anna')
    await world.control('clock', { advanceMs: 55 * 60_000 })
    const renewed = await world.call('user/renewtoken', { token: old })
    expectSuccess(renewed)
    expect(renewed.json.tokenstatus).toBeNull()
    const token = renewed.json.token
    expect(typeof token === 'string' && token !== old).toBe(true)
    expectFailure(await world.call('device/list', { token: old }), 'unauthorized', 401)
    expect((await world.call('device/list', { token })).json.tokenstatus).toBeNull()
    await world.control('clock', { advanceMs: 61 * 60_000 })
    expectFailure(await world.call('user/renewtoken', { token }), 'tokenExpired', 401)
  })

  it('a token is renewed only inside its window, and the renewed token is spent', async () => {
    const world = api.world()
    const token = await world.login('anna')
    // Not yet due: the same token comes back, its life not extended.
    const early = await world.call('user/renewtoken', { token })
    expectSuccess(early)
    expect(early.json.token).toBe(token)
    await world.control('clock', { advanceMs: 51 * 60_000 })
    const renewed = await world.call('user/renewtoken', { token })
    expect(renewed.json.token).not.toBe(token)
    expectFailure(await world.call('user/renewtoken', { token }), 'unauthorized', 401)
  })

  it('renewals end with the session: after its lifetime a new sign-in is needed', async () => {
    const world = api.world()
    await world.control('settings', { sessionLifetimeMs: 3 * 60 * 60_000 })
    const renew = async (token: string) => {
      const answer = await world.call('user/renewtoken', { token })
      expectSuccess(answer)
      return String(answer.json.token)
    }
    const signedIn = await world.login('anna')
    await world.control('clock', { advanceMs: 51 * 60_000 })
    const second = await renew(signedIn)
    await world.control('clock', { advanceMs: 51 * 60_000 })
    const third = await renew(second)
    await world.control('clock', { advanceMs: 51 * 60_000 })
    const last = await renew(third)
    expect(new Set([signedIn, second, third, last]).size).toBe(4)
    // 175 minutes after the sign-in: due, but a renewal would not outlast the session.
    await world.control('clock', { advanceMs: 22 * 60_000 })
    const answer = await world.call('device/list', { token: last })
    expect(answer.json.tokenstatus).toBe('ExpiresSoon')
    expect(await renew(last)).toBe(last)
    await world.control('clock', { advanceMs: 6 * 60_000 })
    expectFailure(await world.call('device/list', { token: last }), 'tokenExpired', 401)
    expectFailure(await world.call('user/renewtoken', { token: last }), 'tokenExpired', 401)
  })

  it('lifetime and renewal window are settings of the world', async () => {
    const world = api.world()
    await world.control('settings', { tokenLifetimeMs: 60_000, renewalWindowMs: 30_000 })
    const token = await world.login('anna')
    await world.control('clock', { advanceMs: 31_000 })
    expect((await world.call('device/list', { token })).json.tokenstatus).toBe('ExpiresSoon')
    await world.control('clock', { advanceMs: 30_000 })
    expectFailure(await world.call('device/list', { token }), 'tokenExpired', 401)
    // Another world keeps the defaults.
    const other = api.world()
    const otherToken = await other.login('anna')
    await other.control('clock', { advanceMs: 61_000 })
    expect((await other.call('device/list', { token: otherToken })).json.tokenstatus).toBeNull()
  })

  it('options set the default lifetime and renewal window', async () => {
    const shortApp = await startApi({ tokenLifetimeMs: 10_000, renewalWindowMs: 10_000 })
    const world = new TestWorld(shortApp)
    const login = await world.call('user/login', { type: 'basic', ...DEMO.anna })
    expect(login.json.tokenstatus).toBe('ExpiresSoon')
    await shortApp.close()
  })
})
