import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DE, DEMO, expectFailure, expectSuccess, startApi, TestWorld } from './test-client.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await startApi()
})
afterAll(() => app.close())

describe('token life', () => {
  it('Errors rule 2: tokenstatus is null, then ExpiresSoon inside the renewal window, then Expired with HTTP 401', async () => {
    const world = new TestWorld(app)
    const token = await world.login('anna')
    expect((await world.call('device/list', { token })).json.tokenstatus).toBeNull()
    await world.control('clock', { advanceMs: 51 * 60_000 })
    const soon = await world.call('device/list', { token })
    expectSuccess(soon)
    expect(soon.json.tokenstatus).toBe('ExpiresSoon')
    await world.control('clock', { advanceMs: 10 * 60_000 })
    const expired = await world.call('device/list', { token }, DE)
    expect(expectFailure(expired, 'tokenExpired', 401)).toContain('abgelaufen')
    expect(expired.json.tokenstatus).toBe('Expired')
  })

  it('renewtoken issues a new token and the old one stops working; an expired token cannot be renewed', async () => {
    const world = new TestWorld(app)
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

  it('lifetime and renewal window are settings of the world', async () => {
    const world = new TestWorld(app)
    await world.control('settings', { tokenLifetimeMs: 60_000, renewalWindowMs: 30_000 })
    const token = await world.login('anna')
    await world.control('clock', { advanceMs: 31_000 })
    expect((await world.call('device/list', { token })).json.tokenstatus).toBe('ExpiresSoon')
    await world.control('clock', { advanceMs: 30_000 })
    expectFailure(await world.call('device/list', { token }), 'tokenExpired', 401)
    // Another world keeps the defaults.
    const other = new TestWorld(app)
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
