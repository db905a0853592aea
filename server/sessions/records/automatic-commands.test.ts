import type { FastifyInstance } from 'fastify'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test, vi } from 'vitest'
import { buildServer } from '../../app.ts'
import { DEVICE_IDS } from '../../mdm/test-client.ts'
import { makeDist, recordsReachable, testConfig } from '../../testing/test-support.ts'

/**
 * A command the portal sends by itself is recorded as the portal's: the locate that follows
 * lost mode (spec, Devices rule 3: "While lost mode is on, … the location retrieved") goes in
 * the user's session, but nobody pressed Locate.
 */
const dist = makeDist()
const dataDir = mkdtempSync(join(tmpdir(), 'portal-automatic-'))
let app: FastifyInstance | undefined
afterAll(async () => {
  await app?.close()
  dist.remove()
  rmSync(dataDir, { recursive: true, force: true })
})

async function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return app!.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json', ...headers },
  })
}

async function signInAnna(): Promise<string> {
  const login = await post('/api/mdm/v2/user/login', {
    type: 'basic',
    usertype: 'user',
    username: 'anna@example.com',
    password: 'Demo-Pass-1',
  })
  return login.json().token as string
}

test('a locate the portal sent after lost mode is recorded as automatic, one asked for is not', async () => {
  app = await buildServer(
    testConfig(dist.dir, {
      PORTAL_RECORDS: '1',
      PORTAL_DATA_DIR: dataDir,
      MDM_TEST_MODE: '1',
      MDM_COMMAND_DELAY_MS: '60000',
    }),
  )
  await recordsReachable(app, { timeout: 30_000, interval: 200 })
  const token = await signInAnna()
  const clientid = DEVICE_IDS.annaPixel
  const lost = await post('/api/mdm/v2/device/enablelostmode', {
    token,
    clientid,
    message: 'Call Anna',
    phonenumber: '+49 89 1234567',
    password: 'Found-1234',
  })
  expect(lost.json().success, lost.body).toBe(true)
  const automatic = await post(
    '/api/mdm/v2/device/requestlocation',
    { token, clientid },
    { 'x-portal-automatic': 'lostModeOn' },
  )
  expect(automatic.json().success, automatic.body).toBe(true)
  await post('/__test/complete', {})
  // A header that names no command the portal follows by itself with a locate says nothing.
  await post(
    '/api/mdm/v2/device/requestlocation',
    { token, clientid },
    { 'x-portal-automatic': 'lock' },
  )
  await post('/__test/complete', {})
  await post('/api/mdm/v2/device/requestlocation', { token, clientid })
  const history = async () =>
    (await post('/api/portal/records/device', { token, clientid })).json().data.activity
  await vi.waitFor(async () => expect(await history()).toHaveLength(4), { timeout: 20_000 })
  const [pressed, unknown, located, lostMode] = await history()
  expect(lostMode).toMatchObject({ action: 'lostModeOn', byYou: true })
  expect(located).toMatchObject({ action: 'locate', details: { automaticAfter: 'lostModeOn' } })
  for (const own of [unknown, pressed]) {
    expect(own).toMatchObject({ action: 'locate', byYou: true })
    expect(own.details).not.toHaveProperty('automaticAfter')
  }

  // The header is the browser's word: a session that did not turn lost mode on for this device
  // cannot have its own locate recorded as the portal's.
  const otherToken = await signInAnna()
  await post('/__test/complete', {})
  const forged = await post(
    '/api/mdm/v2/device/requestlocation',
    { token: otherToken, clientid },
    { 'x-portal-automatic': 'lostModeOn' },
  )
  expect(forged.json().success, forged.body).toBe(true)
  // Nor one whose lost mode was on another device.
  await post(
    '/api/mdm/v2/device/requestlocation',
    { token, clientid: DEVICE_IDS.annaIphone },
    { 'x-portal-automatic': 'lostModeOn' },
  )
  await vi.waitFor(async () => expect(await history()).toHaveLength(5), { timeout: 20_000 })
  expect((await history())[0]).toMatchObject({ action: 'locate' })
  expect((await history())[0].details).not.toHaveProperty('automaticAfter')
  const iphone = async () =>
    (await post('/api/portal/records/device', { token, clientid: DEVICE_IDS.annaIphone })).json()
      .data.activity
  await vi.waitFor(async () => expect(await iphone()).toHaveLength(1), { timeout: 20_000 })
  expect((await iphone())[0]).toMatchObject({ action: 'locate', byYou: true })
  expect((await iphone())[0].details).not.toHaveProperty('automaticAfter')

  // The help desk's "Sent by" finds each line under the sender its line and the CSV name: the
  // portal's locate under the portal, never under the user in whose session it went.
  const admin = await post('/api/mdm/v2/user/login', {
    type: 'basic',
    usertype: 'admin',
    username: 'admin@example.com',
    password: 'Admin-Demo-1',
  })
  const adminToken = admin.json().token as string
  const sentBy = async (actor: string) => {
    const answer = await post('/api/portal/records/activity', {
      token: adminToken,
      clientid,
      actor,
    })
    expect(answer.statusCode, answer.body).toBe(200)
    return answer.json().data as { action: string; details: object }[]
  }
  const byPortal = await sentBy('portal')
  expect(byPortal).toHaveLength(1)
  expect(byPortal[0]).toMatchObject({ action: 'locate', details: { automaticAfter: 'lostModeOn' } })
  const byUser = await sentBy('user')
  expect(byUser.map((line) => line.action).sort()).toEqual([
    'locate',
    'locate',
    'locate',
    'lostModeOn',
  ])
  for (const line of byUser) expect(line.details).not.toHaveProperty('automaticAfter')
  expect(await sentBy('helpdesk')).toEqual([])
}, 60_000)
