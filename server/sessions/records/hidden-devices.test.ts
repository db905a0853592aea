import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { DEMO, DEVICE_IDS } from '../../mdm/test-client.ts'
import { postgresAndPortals } from '../../testing/postgres-portals.ts'
import { HiddenDevices } from './hidden-devices.ts'
import { deleteOldRecords, forgetUser, learnUser } from './privacy.ts'
import { RecordStore } from './record-store.ts'
import { SessionRecords } from './sessions.ts'

/**
 * The devices a person hid from their list are kept with their account: every browser they sign
 * in from hides them, no other account sees them, and they go with the account's other records.
 * The same on the embedded store (PGlite) and on a PostgreSQL server.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'portal-hidden-'))
// Removed once the portal keeping its records there is closed.
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))
const onPostgres = postgresAndPortals()

const stores: Record<string, () => Record<string, string>> = {
  PGlite: () => ({ PORTAL_DATA_DIR: dataDir }),
  PostgreSQL: () => ({ DATABASE_URL: onPostgres.postgres.url }),
}

/**
 * A request as the portal's screen sends it: asked again while the records say they cannot be
 * read "right now" (01900004, the store past its deadline on a busy machine, until its probe
 * finds it back), as the screen's "Try again" does. Every other answer is the test's to judge.
 */
async function post(app: FastifyInstance, url: string, payload: unknown, language = 'en') {
  const send = () =>
    app.inject({
      method: 'POST',
      url,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json', 'accept-language': language },
    })
  let answer = await send()
  await vi.waitFor(
    async () => {
      if (answer.statusCode === 503 && answer.json().errorcode === '01900004') {
        answer = await send()
        throw new Error('the records cannot be read right now')
      }
    },
    { timeout: 30_000, interval: 500 },
  )
  return answer
}

async function signIn(app: FastifyInstance, who: Record<string, string>) {
  const answer = await post(app, '/api/mdm/v2/user/login', { type: 'basic', ...who })
  const token: unknown = answer.json().token
  if (typeof token !== 'string') throw new Error(answer.body)
  return token
}

async function hiddenOf(app: FastifyInstance, token: string) {
  const answer = await post(app, '/api/portal/records/hidden-devices', { token })
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json().data.clientids as string[]
}

const hide = (app: FastifyInstance, token: string, clientid: unknown, hidden = true) =>
  post(app, '/api/portal/records/hide-device', { token, clientid, hidden })

describe.each(Object.keys(stores))('hidden devices on %s', { timeout: 60_000 }, (name) => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await onPostgres.portal(stores[name]!())
  }, 60_000)

  test('a device hidden in one browser is hidden in every other the account signs in from', async () => {
    const here = await signIn(app, DEMO.anna)
    expect(await hiddenOf(app, here)).toEqual([])
    const answer = await hide(app, here, DEVICE_IDS.annaPixel)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toMatchObject({
      success: true,
      data: { clientids: [DEVICE_IDS.annaPixel] },
    })
    // Hiding it again changes nothing.
    expect((await hide(app, here, DEVICE_IDS.annaPixel)).statusCode).toBe(200)

    const elsewhere = await signIn(app, DEMO.anna)
    expect(await hiddenOf(app, elsewhere)).toEqual([DEVICE_IDS.annaPixel])

    const shown = await hide(app, elsewhere, DEVICE_IDS.annaPixel, false)
    expect(shown.statusCode, shown.body).toBe(200)
    expect(await hiddenOf(app, here)).toEqual([])
  })

  test('another account sees none of them', async () => {
    const anna = await signIn(app, DEMO.anna)
    await hide(app, anna, DEVICE_IDS.annaMac)
    expect(await hiddenOf(app, anna)).toEqual([DEVICE_IDS.annaMac])
    expect(await hiddenOf(app, await signIn(app, DEMO.ben))).toEqual([])
    expect(await hiddenOf(app, await signIn(app, DEMO.admin))).toEqual([])
    await hide(app, anna, DEVICE_IDS.annaMac, false)
  })

  test('a client id that is not one is refused in the envelope, in the reader’s language', async () => {
    const token = await signIn(app, DEMO.anna)
    for (const clientid of ['', 'x'.repeat(201), 42, null, 'a\u0000b']) {
      const answer = await hide(app, token, clientid)
      expect(answer.statusCode, JSON.stringify(clientid)).toBe(400)
      expect(answer.json()).toMatchObject({ success: false, errorcode: expect.any(String) })
    }
    const noFlag = await post(app, '/api/portal/records/hide-device', {
      token,
      clientid: DEVICE_IDS.annaPixel,
    })
    expect(noFlag.statusCode).toBe(400)
    // A device the service does not show this account is not its to hide.
    const other = await hide(app, token, DEVICE_IDS.benGalaxy, true)
    expect(other.statusCode).toBe(403)
    const german = await post(
      app,
      '/api/portal/records/hide-device',
      { token, clientid: DEVICE_IDS.benGalaxy, hidden: true },
      'de',
    )
    expect(german.json().errormessage).toMatch(/Gerät/)
    expect(await hiddenOf(app, token)).toEqual([])
  })

  test('a signed-out session neither reads nor changes them', async () => {
    const token = await signIn(app, DEMO.anna)
    expect((await post(app, '/api/portal/sign-out', { token })).statusCode).toBe(200)
    await vi.waitFor(
      async () =>
        expect((await post(app, '/api/portal/records/hidden-devices', { token })).statusCode).toBe(
          401,
        ),
      { timeout: 20_000 },
    )
    expect((await hide(app, token, DEVICE_IDS.annaPixel, false)).statusCode).toBe(401)
  })

  test('a token the portal has no session for, or none at all, reads nothing', async () => {
    const answer = await post(app, '/api/portal/records/hidden-devices', { token: 'made-up' })
    expect(answer.statusCode).toBe(409)
    expect((await post(app, '/api/portal/records/hidden-devices', {})).statusCode).toBe(400)
  })
})

function quietLog() {
  const log = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() }
  return log as typeof log & FastifyBaseLogger
}

describe('hidden devices go with the account’s other records', () => {
  let store: RecordStore
  beforeAll(async () => {
    store = new RecordStore({ memory: true }, quietLog())
    await store.open()
  }, 60_000)
  afterAll(() => store.close())

  const anna = { account: 'anna@example.com', usertype: 'user' as const, tenant: '' }
  const annaAdmin = { ...anna, usertype: 'admin' as const }
  const ben = { ...anna, account: 'ben@example.com' }

  test('a user deleted by the help desk loses them; an administrator of the same address keeps theirs', async () => {
    const hidden = new HiddenDevices(store)
    await hidden.set(anna, '', 'pixel', true)
    await hidden.set(annaAdmin, '', 'pixel', true)
    learnUser(store, 'S-anna', anna.account)
    forgetUser(store, 'S-anna')
    await store.queue.flush()
    expect(await hidden.list(anna, '')).toEqual([])
    expect(await hidden.list(annaAdmin, '')).toEqual(['pixel'])
  })

  test('an account not signed in within the retention period loses them; one in use keeps them', async () => {
    const hidden = new HiddenDevices(store)
    const sessions = new SessionRecords(store)
    const facts = { method: 'password' as const, browser: 'Chrome', system: 'Linux', address: '' }
    sessions.signedIn({ ...anna, ...facts }, 'anna-token')
    await store.queue.flush()
    await hidden.set(anna, '', 'pixel', true)
    await hidden.set(ben, '', 'galaxy', true)
    // Both were hidden long ago; only Anna has signed in since.
    const longAgo = new Date(Date.now() - 100 * 86_400_000)
    await store.read((db) =>
      db.updateTable('portal_hidden_devices').set({ hidden_at: longAgo }).execute(),
    )
    deleteOldRecords(store, 90)
    await store.queue.flush()
    expect(await hidden.list(anna, '')).toEqual(['pixel'])
    expect(await hidden.list(ben, '')).toEqual([])
  })
})
