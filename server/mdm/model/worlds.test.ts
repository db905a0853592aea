import { describe, expect, it, vi } from 'vitest'
import { DEVICE_IDS } from '../demo/demo-ids.ts'
import {
  DE,
  expectFailure,
  expectSuccess,
  ownServer,
  sharedApi,
  signIn,
  startApi,
  TestWorld,
} from '../test-client.ts'

const api = sharedApi()

const { annaIphone } = DEVICE_IDS

describe('worlds', () => {
  it('each x-mdm-world header value has demo data of its own', async () => {
    const first = api.world()
    const second = api.world()
    const token = await first.login('anna')
    await first.call('device/lockscreen', { token, clientid: annaIphone })
    expectFailure(await second.call('device/list', { token }), 'unauthorized', 401)
    const other = await second.login('anna')
    expect((await second.device(other, annaIphone)).actions.lockscreen.status).toBe(0)
    expect((await first.device(token, annaIphone)).actions.lockscreen.status).toBe(1)
  })

  it('POST /__test/reset brings the demo data back', async () => {
    const world = api.world()
    const token = await world.login('anna')
    await world.call('device/wipe', { token, clientid: annaIphone })
    await world.control('complete')
    expect(await world.control('reset')).toMatchObject({ success: true, world: world.id })
    expectFailure(await world.call('device/list', { token }), 'unauthorized', 401)
    const fresh = await world.login('anna')
    expect((await world.device(fresh, annaIphone)).wiped).toBe(false)
  })

  it('POST /__test/settings and /__test/clock validate their fields', async () => {
    const world = api.world()
    const settings = await world.control('settings', { commandDelayMs: 0 })
    expect(settings.settings).toEqual({
      commandDelayMs: 0,
      tokenLifetimeMs: 3_600_000,
      renewalWindowMs: 600_000,
      sessionLifetimeMs: 43_200_000,
      pageSize: 0,
    })
    const token = await world.login('anna')
    // With no delay the device answers at once.
    await world.call('device/lockscreen', { token, clientid: annaIphone })
    expect((await world.device(token, annaIphone)).actions.lockscreen.status).toBe(0)
    const bad = await world.inject({
      method: 'POST',
      url: '/__test/settings',
      payload: { commandDelayMs: -1 },
    })
    expectFailure(bad, 'invalidField')
    const clock = await world.control('clock', { advanceMs: 86_400_000 })
    expect(Date.parse(String(clock.now)) - Date.now()).toBeGreaterThan(86_000_000)
  })

  it('an invalid world id is refused', async () => {
    const answer = await api.server().inject({
      method: 'POST',
      url: '/api/mdm/v2/device/list',
      payload: {},
      headers: { 'x-mdm-world': 'a b' },
    })
    expect(answer.json()).toMatchObject({ success: false, errorcode: '01000003' })
  })

  it('the least recently used world goes when there are more than 200', async () => {
    const world = api.world()
    await world.call('user/forgotpassword', { emailaddress: 'anna@example.com' })
    expect(await world.outbox()).toHaveLength(2)
    for (let index = 0; index < 200; index++) {
      await api.server().inject({
        method: 'GET',
        url: '/outbox.json',
        headers: { 'x-mdm-world': `filler-${index}` },
      })
    }
    expect(await world.outbox()).toHaveLength(1)
  })

  it('closing the server stops the timers of open commands', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const { server, world, token } = await ownServer({ commandDelayMs: 5_000 })
      const before = vi.getTimerCount()
      await world.call('device/lockscreen', { token, clientid: annaIphone })
      await world.call('device/requestlocation', { token, clientid: DEVICE_IDS.annaPixel })
      expect(vi.getTimerCount()).toBe(before + 2)
      await server.close()
      expect(vi.getTimerCount()).toBe(before)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('outside test mode', () => {
  it('the /__test routes do not exist and the world header is ignored', async () => {
    const server = await startApi({ testMode: false })
    const reset = await server.inject({ method: 'POST', url: '/__test/reset', payload: {} })
    expect(reset.statusCode).toBe(404)
    const token = await signIn(server, 'anna', { 'x-mdm-world': 'one' })
    const list = await server.inject({
      method: 'POST',
      url: '/api/mdm/v2/device/list',
      payload: { token },
      headers: { 'x-mdm-world': 'two' },
    })
    expect(list.json()).toMatchObject({ success: true, totalcount: 3 })
    await server.close()
  })
})

describe('outbox', () => {
  it('GET /outbox.json lists every e-mail, newest first, with to, subject, text, links, sentAt and kind', async () => {
    const world = api.world()
    await world.call('user/forgotpassword', { emailaddress: 'anna@example.com' })
    const [reset, invitation] = await world.outbox()
    expect(reset).toMatchObject({
      to: 'anna@example.com',
      kind: 'reset',
      language: 'en',
      subject: 'Reset your password',
    })
    expect(invitation).toMatchObject({ to: 'new@example.com', kind: 'invitation', language: 'de' })
    expect(Date.parse(reset?.sentAt ?? '')).toBeGreaterThanOrEqual(
      Date.parse(invitation?.sentAt ?? ''),
    )
  })

  it('GET /outbox is a plain accessible page with clickable links, in the recipient language', async () => {
    const world = api.world()
    await world.call('user/forgotpassword', { emailaddress: 'anna@example.com' })
    const page = await world.inject({ method: 'GET', url: '/outbox', headers: DE })
    expect(page.contentType).toBe('text/html; charset=utf-8')
    expect(page.text).toContain('<html lang="de">')
    expect(page.text).toContain('<h1>Postausgang</h1>')
    expect(page.text).not.toMatch(/<script|<style|style=/i)
    // An icon of its own (none), so a browser asks for no /favicon.ico that answers 404.
    expect(page.text).toMatch(/<link rel="icon" href="[^"]+">/)
    const subjects = [...page.text.matchAll(/<h2 id="mail-\d+" lang="(\w+)">([^<]+)<\/h2>/g)].map(
      ([, lang, subject]) => `${lang}: ${subject}`,
    )
    expect(subjects).toEqual(['en: Reset your password', 'de: Ihr Konto für das Geräteportal'])
    expect(page.text).toMatch(
      /<a href="http:\/\/portal\.test\/reset-password\?token=[\w-]+&amp;join=1&amp;email=[^"]+">/,
    )
    expectSuccess(await world.call('user/forgotpassword', { emailaddress: 'nobody@example.com' }))
  })
})

describe('large demo', () => {
  it('gives Anna 500 devices and 300 apps, the same in every world', async () => {
    const server = await startApi({ largeDemo: true })
    const first = new TestWorld(server)
    const second = new TestWorld(server)
    const token = await first.login('anna')
    const devices = await first.devices(token)
    expect(devices).toHaveLength(500)
    expect(await first.apps(token)).toHaveLength(300)
    const again = await second.devices(await second.login('anna'))
    expect(again.map((device) => device.clientid)).toEqual(devices.map((device) => device.clientid))
    const image = await first.call('app/image', { token, id: 'EA1010' })
    expect(image.contentType).toBe('image/png')
    await server.close()
  })
})
