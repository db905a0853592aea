import type { FastifyInstance } from 'fastify'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test, vi } from 'vitest'
import { buildServer } from '../../app.ts'
import { DEVICE_IDS } from '../../mdm/test-client.ts'
import { makeDist, recordsReachable, testConfig } from '../../testing/test-support.ts'
import { openDatabase } from './database.ts'

/**
 * The records of a whole journey on the embedded API, kept by PGlite in a folder: a command
 * sent and then done, the help desk's search and CSV, and the same history after a restart.
 */
const dist = makeDist()
const dataDir = mkdtempSync(join(tmpdir(), 'portal-records-'))
const servers: FastifyInstance[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  dist.remove()
  rmSync(dataDir, { recursive: true, force: true })
})

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

async function portal() {
  const app = await buildServer(
    testConfig(dist.dir, {
      PORTAL_RECORDS: '1',
      PORTAL_DATA_DIR: dataDir,
      MDM_TEST_MODE: '1',
      MDM_COMMAND_DELAY_MS: '60000',
    }),
  )
  servers.push(app)
  await recordsReachable(app, { timeout: 30_000, interval: 200 })
  return app
}

/**
 * The portal the tests of one record share, once the journey's are done (one portal at a time
 * on the folder): each test in a world of its own of the reference API, so that its service
 * starts from the demo data and its records are its own.
 */
let shared: Promise<FastifyInstance> | undefined
async function portalInWorld(world: string): Promise<FastifyInstance> {
  shared ??= portal()
  const app = await shared
  return new Proxy(app, {
    get(target, name, receiver) {
      if (name !== 'inject') return Reflect.get(target, name, receiver)
      return (options: { headers?: Record<string, string> }) =>
        target.inject({ ...options, headers: { ...options.headers, 'x-mdm-world': world } })
    },
  })
}

async function post(app: FastifyInstance, url: string, payload: object, language = 'en') {
  const answer = await app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: {
      'content-type': 'application/json',
      'accept-language': language,
      'user-agent': CHROME,
    },
    remoteAddress: '203.0.113.77',
  })
  return answer
}

async function signIn(
  app: FastifyInstance,
  who: { username: string; password: string; usertype: string },
) {
  const answer = await post(app, '/api/mdm/v2/user/login', { type: 'basic', ...who })
  const token: unknown = answer.json().token
  if (typeof token !== 'string') throw new Error(answer.body)
  return token
}

const ANNA = { usertype: 'user', username: 'anna@example.com', password: 'Demo-Pass-1' }
const ADMIN = { usertype: 'admin', username: 'admin@example.com', password: 'Admin-Demo-1' }
const clientid = DEVICE_IDS.annaIphone

async function history(app: FastifyInstance, token: string) {
  const answer = await post(app, '/api/portal/records/device', { token, clientid })
  expect(answer.statusCode, answer.body).toBe(200)
  return answer.json().data
}

describe('records of a journey, kept on disk', { timeout: 60_000 }, () => {
  const tokens: string[] = []

  test('a lock is recorded as sent, then done when the device no longer shows it pending', async () => {
    const app = await portal()
    const token = await signIn(app, ANNA)
    tokens.push(token)
    await post(app, '/api/mdm/v2/device/info', { token, clientid })
    const lock = await post(app, '/api/mdm/v2/device/lockscreen', {
      token,
      clientid,
      message: 'Please call me',
      phonenumber: '+49 30 555',
    })
    expect(lock.json().success).toBe(true)
    await vi.waitFor(async () => expect((await history(app, token)).activity).toHaveLength(1), {
      timeout: 20_000,
    })
    const [sent] = (await history(app, token)).activity
    expect(sent).toMatchObject({
      action: 'lock',
      actor: 'user',
      byYou: true,
      account: null,
      deviceName: expect.any(String),
      details: { message: 'Please call me', phonenumber: '+49 30 555' },
      outcome: 'sent',
    })
    await post(app, '/__test/complete', {})
    await post(app, '/api/mdm/v2/device/info', { token, clientid })
    await vi.waitFor(
      async () =>
        expect((await history(app, token)).activity[0]).toMatchObject({
          outcome: 'done',
          doneAfterMs: expect.any(Number),
        }),
      { timeout: 20_000 },
    )
  })

  test('the help desk finds it in Anna’s activity and downloads it as CSV; Anna may not', async () => {
    const app = servers[0]!
    const annaToken = tokens[0]!
    const me = await post(app, '/api/mdm/v2/user/info', { token: annaToken })
    const sid: string = me.json().userinfo.sid
    const admin = await signIn(app, ADMIN)
    tokens.push(admin)
    const found = await post(app, '/api/portal/records/activity', { token: admin, sid })
    expect(found.json().data).toEqual([
      expect.objectContaining({ action: 'lock', account: 'anna@example.com', actor: 'user' }),
    ])
    const none = await post(app, '/api/portal/records/activity', {
      token: admin,
      sid,
      actions: ['wipe'],
    })
    expect(none.json().data).toEqual([])
    const csv = await post(app, '/api/portal/records/activity.csv', { token: admin, sid }, 'de')
    expect(csv.headers['content-type']).toMatch(/text\/csv/)
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="activity-/)
    expect(csv.body).toContain('"Aktion"')
    expect(csv.body).toContain('"Gesendet von"')
    expect(csv.body).toContain('"Sperren","anna@example.com","Benutzer des Geräts"')
    // Whose device it was, as the screen names the owner: by sid, name and address.
    expect(csv.body).toContain(
      `"Antwort des Dienstes","Besitzer (SID)","Besitzer","E-Mail des Besitzers"`,
    )
    const lockLine = csv.body.split('\r\n').find((line) => line.includes(`"${clientid}"`))
    expect(lockLine).toMatch(new RegExp(`,"${sid}","Anna Berger","anna@example.com"$`))
    const english = await post(app, '/api/portal/records/activity.csv', { token: admin, sid })
    expect(english.body).toContain(`"Service answer","Owner (SID)","Owner","Owner’s e-mail"`)
    const refused = await post(app, '/api/portal/records/activity', { token: annaToken, sid })
    expect(refused.statusCode).toBe(403)
    const bad = await post(app, '/api/portal/records/activity', { token: admin, from: 'yesterday' })
    expect(bad.statusCode).toBe(400)
  })

  test('the account shows its sign-ins and sessions; ending one refuses its token at once', async () => {
    const app = servers[0]!
    const first = tokens[0]!
    await post(app, '/api/mdm/v2/user/login', { type: 'basic', ...ANNA, password: 'wrong-1' })
    const second = await signIn(app, ANNA)
    tokens.push(second)
    await vi.waitFor(
      async () => {
        const account = (await post(app, '/api/portal/records/account', { token: second })).json()
        expect(account.data.sessions).toHaveLength(2)
        expect(account.data.signIns.map((row: { succeeded: boolean }) => row.succeeded)).toEqual([
          true,
          false,
          true,
        ])
      },
      { timeout: 20_000 },
    )
    const { data } = (await post(app, '/api/portal/records/account', { token: second })).json()
    expect(data.signIns[0]).toMatchObject({
      method: 'password',
      browser: 'Chrome 140',
      system: 'Windows 10',
      address: '203.0.113.0/24',
    })
    const other = data.sessions.find((session: { current: boolean }) => !session.current)
    const ended = await post(app, '/api/portal/records/end-session', {
      token: second,
      session: other.id,
    })
    expect(ended.json().data).toEqual({ ended: 1 })
    const refused = await post(app, '/api/mdm/v2/device/list', { token: first })
    expect(refused.statusCode).toBe(401)
    const goesOn = await post(app, '/api/mdm/v2/device/list', { token: second })
    expect(goesOn.statusCode).toBe(200)
  })

  test('a new password signs the account out everywhere else, and the list says so', async () => {
    const app = servers[0]!
    const BEN = { usertype: 'user', username: 'ben@example.com', password: 'Demo-Pass-2' }
    const elsewhere = await signIn(app, BEN)
    const here = await signIn(app, BEN)
    const sessions = async () =>
      (await post(app, '/api/portal/records/account', { token: here })).json().data.sessions
    await vi.waitFor(async () => expect(await sessions()).toHaveLength(2), { timeout: 20_000 })
    const changed = await post(app, '/api/mdm/v2/user/changepassword', {
      token: here,
      oldpassword: BEN.password,
      newpassword: 'Demo-Pass-3',
      confirmnewpassword: 'Demo-Pass-3',
    })
    expect(changed.json().success, changed.body).toBe(true)
    await vi.waitFor(
      async () => expect(await sessions()).toEqual([expect.objectContaining({ current: true })]),
      { timeout: 20_000 },
    )
    // The portal refuses the other browser's token itself, whatever the service does with it.
    const refused = await post(app, '/api/mdm/v2/device/list', { token: elsewhere })
    expect(refused.statusCode).toBe(401)
    expect(refused.json().errormessage).toBe(
      'This session was ended: signed out, from another browser, or by a new password. Please sign in again.',
    )
    expect((await post(app, '/api/mdm/v2/device/list', { token: here })).statusCode).toBe(200)
  })

  test('after a restart the history is still there, and the store holds no secret', async () => {
    await servers.shift()!.close()
    const app = await portal()
    const token = await signIn(app, ANNA)
    tokens.push(token)
    expect((await history(app, token)).activity[0]).toMatchObject({
      action: 'lock',
      outcome: 'done',
    })
    await servers.shift()!.close()

    const db = await openDatabase({ dataDir })
    const tables = [
      'portal_sessions',
      'portal_session_tokens',
      'portal_sign_ins',
      'portal_users',
      'portal_activity',
    ] as const
    const everything = JSON.stringify(
      await Promise.all(tables.map((table) => db.selectFrom(table).selectAll().execute())),
    )
    await db.destroy()
    expect(everything).toContain('anna@example.com')
    for (const secret of [...tokens, 'Demo-Pass-1', 'Admin-Demo-1', 'wrong-1']) {
      expect(everything).not.toContain(secret)
    }
  }, 60_000)
})

describe('the record of a wipe', { timeout: 60_000 }, () => {
  // Spec (device/wipe): "without partial, the device is reset to factory defaults or, depending
  // on its management mode, only a work container is removed".
  test('of a phone with a work profile is of the work profile only, not a factory reset', async () => {
    const app = await portalInWorld('wipe')
    const BEN = { usertype: 'user', username: 'ben@example.com', password: 'Demo-Pass-2' }
    const token = await signIn(app, BEN)
    const galaxy = DEVICE_IDS.benGalaxy
    await post(app, '/api/mdm/v2/device/info', { token, clientid: galaxy })
    const wipe = await post(app, '/api/mdm/v2/device/wipe', { token, clientid: galaxy })
    expect(wipe.json().success).toBe(true)
    const activity = async (): Promise<unknown[]> => {
      const answer = await post(app, '/api/portal/records/device', { token, clientid: galaxy })
      return answer.json().data.activity
    }
    await vi.waitFor(async () => expect(await activity()).toHaveLength(1), { timeout: 20_000 })
    expect((await activity())[0]).toMatchObject({
      action: 'wipe',
      details: { kind: 'workProfile' },
    })
  })
})

describe('the record of an app install or removal', { timeout: 60_000 }, () => {
  // Spec (App, status): "0 = no status known (possibly not installed, or unknown until someone
  // tries to install); 1 = installing or uninstalling; 2 = error; 3 = installed and managed";
  // App rule 4: "Install and uninstall only trigger the action; the resulting app status arrives
  // later."
  test('is done once the device’s app list shows the app installed, or removed', async () => {
    const app = await portalInWorld('app-1')
    const token = await signIn(app, ANNA)
    const install = await post(app, '/api/mdm/v2/app/install', { token, clientid, id: 'MU3' })
    expect(install.json().success).toBe(true)
    const uninstall = await post(app, '/api/mdm/v2/app/uninstall', { token, clientid, id: 'EA12' })
    expect(uninstall.json().success).toBe(true)
    const byAction = async (action: string) =>
      ((await history(app, token)).activity as { action: string }[]).find(
        (item) => item.action === action,
      )
    await vi.waitFor(
      async () => {
        expect(await byAction('appInstall')).toMatchObject({ outcome: 'accepted' })
        expect(await byAction('appUninstall')).toMatchObject({ outcome: 'accepted' })
      },
      { timeout: 20_000 },
    )
    // Still installing and removing (status 1): not done.
    await post(app, '/api/mdm/v2/app/list', { token, clientid })
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(await byAction('appInstall')).toMatchObject({ outcome: 'accepted', doneAfterMs: null })
    await post(app, '/__test/complete', {})
    await post(app, '/api/mdm/v2/app/list', { token, clientid })
    await vi.waitFor(
      async () => {
        expect(await byAction('appInstall')).toMatchObject({
          outcome: 'done',
          doneAfterMs: expect.any(Number),
        })
        expect(await byAction('appUninstall')).toMatchObject({
          outcome: 'done',
          doneAfterMs: expect.any(Number),
        })
      },
      { timeout: 20_000 },
    )
  })

  // Spec (app/list): "clientid (string, optional, user requests only) … A user credential gets
  // the apps of the user (and of the device when clientid is sent); an administrator gets all
  // apps of the tenant." The help desk's read is of no one device: its status is not the device's.
  test('a help desk’s install ends once the device’s user sees it, not by the help desk’s read of the tenant’s apps', async () => {
    const app = await portalInWorld('app-2')
    const admin = await signIn(app, ADMIN)
    const install = await post(app, '/api/mdm/v2/app/install', {
      token: admin,
      clientid,
      id: 'MU3',
    })
    expect(install.json().success).toBe(true)
    await post(app, '/__test/complete', {})
    const tenantApps = await post(app, '/api/mdm/v2/app/list', { token: admin, clientid })
    expect(tenantApps.json().data).toContainEqual(expect.objectContaining({ id: 'MU3', status: 3 }))
    await post(app, '/api/mdm/v2/app/info', { token: admin, clientid, id: 'MU3' })
    const token = await signIn(app, ANNA)
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect((await history(app, token)).activity[0]).toMatchObject({
      action: 'appInstall',
      actor: 'helpdesk',
      outcome: 'accepted',
    })
    await post(app, '/api/mdm/v2/app/list', { token, clientid })
    await vi.waitFor(
      async () =>
        expect((await history(app, token)).activity[0]).toMatchObject({
          action: 'appInstall',
          outcome: 'done',
        }),
      { timeout: 20_000 },
    )
  })

  // Spec (app/list): "A user credential gets the apps of the user (and of the device when
  // clientid is sent)": an app it no longer lists is no longer assigned, and its status (App:
  // "0 = no status known (possibly not installed …)") will not be shown again, so a removal of it
  // is never seen done. Nor is it known to be done: the list says nothing of what is on the device.
  test('of an app no longer assigned ends as no longer listed, not done, once the whole list leaves it out', async () => {
    const app = await portalInWorld('app-3')
    const token = await signIn(app, ANNA)
    const uninstall = await post(app, '/api/mdm/v2/app/uninstall', { token, clientid, id: 'EA12' })
    expect(uninstall.json().success).toBe(true)
    const unassign = await post(app, '/__test/unassign', { email: 'anna@example.com', id: 'EA12' })
    expect(unassign.json().success).toBe(true)
    // One page of several leaves out the apps of the others: it ends nothing.
    await post(app, '/__test/settings', { pageSize: 2 })
    await post(app, '/api/mdm/v2/app/list', { token, clientid })
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect((await history(app, token)).activity[0]).toMatchObject({
      action: 'appUninstall',
      outcome: 'accepted',
    })
    await post(app, '/__test/settings', { pageSize: 0 })
    const list = await post(app, '/api/mdm/v2/app/list', { token, clientid })
    expect(list.json().data).not.toContainEqual(expect.objectContaining({ id: 'EA12' }))
    await vi.waitFor(
      async () =>
        expect((await history(app, token)).activity[0]).toMatchObject({
          action: 'appUninstall',
          outcome: 'unlisted',
          doneAfterMs: null,
        }),
      { timeout: 20_000 },
    )
  })

  // Spec (App endpoints, list): "data: array of App; pagecount, pageindex, totalcount … an
  // administrator gets all apps of the tenant": the CSV names an app from whichever page has it.
  test('is named in the CSV by the app’s name, from whichever page of the tenant’s apps has it', async () => {
    const app = await portalInWorld('app-4')
    const admin = await signIn(app, ADMIN)
    const apps: { id: string; displayname: string }[] = (
      await post(app, '/api/mdm/v2/app/list', { token: admin })
    ).json().data
    const last = apps.at(-1)!
    await post(app, '/api/mdm/v2/app/install', { token: admin, clientid, id: last.id })
    await post(app, '/__test/settings', { pageSize: 2 })
    const csv = await post(app, '/api/portal/records/activity.csv', { token: admin, clientid })
    await post(app, '/__test/settings', { pageSize: 0 })
    const line = csv.body.split('\r\n').find((each) => each.includes(`"${clientid}"`))
    expect(line).toContain(`"App: ${last.displayname}"`)
  })

  test('one app’s own answer (app/info) ends it too', async () => {
    const app = await portalInWorld('app-5')
    const token = await signIn(app, ANNA)
    await post(app, '/api/mdm/v2/app/install', { token, clientid, id: 'MU3' })
    await post(app, '/__test/complete', {})
    await post(app, '/api/mdm/v2/app/info', { token, clientid, id: 'MU3' })
    await vi.waitFor(
      async () =>
        expect((await history(app, token)).activity[0]).toMatchObject({
          action: 'appInstall',
          outcome: 'done',
        }),
      { timeout: 20_000 },
    )
  })
})
