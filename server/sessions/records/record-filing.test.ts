import type { FastifyInstance } from 'fastify'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { buildServer } from '../../app.ts'
import { ERROR_CODES, PORTAL_ERROR_CODES } from '../../../contract/error-codes.ts'
import { DEMO, DEVICE_IDS } from '../../mdm/test-client.ts'
import { startLenientService } from '../../testing/lenient-service.ts'
import { fileResources, recordsReachable, testConfig } from '../../testing/test-support.ts'

/**
 * Where a command's record is filed (#55): a command that names the device by serial number or
 * IMEI is the device's, under its client id, in its history and its owner's activity; one the
 * portal cannot resolve is kept under the identifier as given, marked as such. A refused command
 * is the device's only when the service shows the sender that device; else it is the sender's
 * alone, never in another user's device history. Embedded, and in front of a service as lenient
 * as ASP.NET's defaults.
 */
const { dist, folder, keep } = fileResources()

type Mode = 'embedded' | 'proxied'

/**
 * One portal per mode for the file's tests, in test mode: each test is a client of its own, in
 * a world of its own of the reference API (x-mdm-world), so that its service starts from the
 * demo data, its activity is its own and no limit carries over; the sessions it started are
 * signed out after it, so that none is another test's to end.
 */
const portals = new Map<Mode, Promise<FastifyInstance>>()

async function startPortal(mode: Mode) {
  const dataDir = folder('portal-filing-')
  const env: Record<string, string> = {
    PORTAL_RECORDS: '1',
    PORTAL_DATA_DIR: dataDir,
    MDM_COMMAND_DELAY_MS: '60000',
    MDM_TEST_MODE: '1',
    HELPDESK_ROLES_FILE: join(dataDir, 'roles.yaml'),
  }
  writeFileSync(env.HELPDESK_ROLES_FILE!, ROLES)
  if (mode === 'proxied') {
    const service = keep(await startLenientService({ testMode: true }))
    env.MDM_API_URL = service.url
  }
  const app = keep(await buildServer(testConfig(dist.dir, env)))
  await recordsReachable(app, { timeout: 30_000, interval: 200 })
  return app
}

let tests = 0
const signedIn: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const signOut of signedIn.splice(0)) await signOut()
})

/**
 * The mode's portal, as a client of its own sees it: a world and an address of its own. A
 * `fresh` one is the test's alone: it knows the address of no user another test read (a deleted
 * user's address leaves the records that name it where the portal knows it, privacy.ts).
 */
async function portal(mode: Mode, fresh?: 'fresh') {
  if (!portals.has(mode)) portals.set(mode, startPortal(mode))
  const app = await (fresh ? startPortal(mode) : portals.get(mode)!)
  tests += 1
  return { app, world: `filing-${tests}`, address: `10.0.0.${tests}` }
}

interface Row {
  clientId: string
  account: string | null
  answerCode: string | null
  byYou: boolean
  action: string
  outcome: string
  details: Record<string, string>
}

function client(
  portal: FastifyInstance | { app: FastifyInstance; world: string; address: string },
) {
  const { app, world, address } =
    'inject' in portal ? { app: portal, world: null, address: null } : portal
  const post = (path: string, payload: object) =>
    app.inject({
      method: 'POST',
      url: path.startsWith('/') ? path : `/api/mdm/v2/${path}`,
      payload: JSON.stringify(payload),
      headers: { 'content-type': 'application/json', ...(world ? { 'x-mdm-world': world } : {}) },
      ...(address ? { remoteAddress: address } : {}),
    })
  return {
    post,
    async signIn(who: keyof typeof DEMO | Record<string, string>) {
      const login = typeof who === 'string' ? DEMO[who] : who
      const answer = await post('user/login', { type: 'basic', ...login })
      const token: unknown = answer.json().token
      if (typeof token !== 'string') throw new Error(answer.body)
      if (world) signedIn.push(() => post('/api/portal/sign-out', { token }))
      return token
    },
    async sidOf(token: string) {
      return (await post('user/info', { token })).json().userinfo.sid as string
    },
    /** A device's history, as its user's screen reads it. */
    async history(token: string, clientid: string) {
      const answer = await post('/api/portal/records/device', { token, clientid })
      expect(answer.statusCode, answer.body).toBe(200)
      return answer.json().data.activity as Row[]
    },
    /** A user's activity (or all it may see), as the help desk searches it. */
    async activityOf(token: string, sid?: string) {
      const answer = await post('/api/portal/records/activity', { token, ...(sid ? { sid } : {}) })
      expect(answer.statusCode, answer.body).toBe(200)
      return answer.json().data as Row[]
    },
  }
}

const AUDITOR = { usertype: 'admin', username: 'auditor@example.com', password: 'Auditor-Demo-1' }
const ROLES =
  'accounts:\n  admin@example.com: admin\n  auditor@example.com: auditor\n  ops@example.com: helpdesk\n'

const messages = (rows: Row[]) => rows.map((row) => row.details.message)

describe.each<Mode>(['embedded', 'proxied'])('%s: where a command is filed', (mode) => {
  test(
    'a lock by serial number or IMEI is in the device’s history and its owner’s activity',
    { timeout: 90_000 },
    async () => {
      const app = client(await portal(mode))
      const anna = await app.signIn('anna')
      const admin = await app.signIn('admin')
      const annaSid = await app.sidOf(anna)
      const bySerial = await app.post('device/lockscreen', {
        token: anna,
        serialnumber: 'F2LXK4Q9N7PQ',
        message: 'Found by serial',
      })
      expect(bySerial.json().success, bySerial.body).toBe(true)
      const byImei = await app.post('device/lockscreen', {
        token: anna,
        imei: '356789104512346',
        message: 'Found by IMEI',
      })
      expect(byImei.json().success, byImei.body).toBe(true)
      await vi.waitFor(
        async () =>
          expect(messages(await app.history(anna, DEVICE_IDS.annaIphone))).toEqual(
            expect.arrayContaining(['Found by serial', 'Found by IMEI']),
          ),
        { timeout: 20_000 },
      )
      const activity = await app.activityOf(admin, annaSid)
      expect(
        activity
          .filter((row) => row.details.message?.startsWith('Found by'))
          .map((row) => row.clientId),
      ).toEqual([DEVICE_IDS.annaIphone, DEVICE_IDS.annaIphone])

      // A serial number no device has: kept, under the identifier as given, marked as such.
      const unknown = await app.post('device/lockscreen', {
        token: anna,
        serialnumber: 'NO-SUCH-SERIAL',
        message: 'Nobody’s device',
      })
      expect(unknown.json().success).not.toBe(true)
      await vi.waitFor(
        async () =>
          expect(
            (await app.activityOf(admin, annaSid)).find(
              (row) => row.details.message === 'Nobody’s device',
            ),
          ).toMatchObject({ clientId: 'serialnumber:NO-SUCH-SERIAL', outcome: 'refused' }),
        { timeout: 20_000 },
      )
    },
  )

  test(
    'a lock refused for another user’s device is the sender’s alone, not in that device’s history',
    { timeout: 90_000 },
    async () => {
      const app = client(await portal(mode))
      const anna = await app.signIn('anna')
      const ben = await app.signIn('ben')
      const admin = await app.signIn('admin')
      const benSid = await app.sidOf(ben)
      const refused = await app.post('device/lockscreen', {
        token: ben,
        clientid: DEVICE_IDS.annaIphone,
        message: 'Ben was here',
        phonenumber: '+49 30 666',
      })
      expect(refused.json().success).not.toBe(true)
      // Recorded, refused, in Ben's own activity: the record is written and filed by then.
      await vi.waitFor(
        async () =>
          expect(
            (await app.activityOf(admin, benSid)).find(
              (row) => row.details.message === 'Ben was here',
            ),
          ).toMatchObject({ clientId: `clientid:${DEVICE_IDS.annaIphone}`, outcome: 'refused' }),
        { timeout: 20_000 },
      )
      expect(messages(await app.history(anna, DEVICE_IDS.annaIphone))).not.toContain('Ben was here')
      const annaSid = await app.sidOf(anna)
      expect(messages(await app.activityOf(admin, annaSid))).not.toContain('Ben was here')

      // Refused on a device the service shows the sender, it stays the device's.
      const own = await app.post('app/install', {
        token: anna,
        clientid: DEVICE_IDS.annaIphone,
        id: 'no-such-app',
      })
      expect(own.json().success, own.body).toBe(false)
      await vi.waitFor(
        async () =>
          expect(await app.history(anna, DEVICE_IDS.annaIphone)).toContainEqual(
            expect.objectContaining({ action: 'appInstall', outcome: 'refused' }),
          ),
        { timeout: 20_000 },
      )
    },
  )

  test(
    'invitations and deletions of users are recorded, refused ones too, in no device’s history',
    { timeout: 90_000 },
    async () => {
      const app = client(await portal(mode))
      const admin = await app.signIn('admin')
      const auditor = await app.signIn(AUDITOR)
      // Refused by the service: a user that does not exist, an address that is none.
      const deleted = await app.post('user/delete', { token: admin, sid: 'no-such-user' })
      expect(deleted.json().success, deleted.body).toBe(false)
      const badInvite = await app.post('user/create', { token: admin, email: 'not-an-address' })
      expect(badInvite.json().success, badInvite.body).toBe(false)
      // Refused by the role step: an auditor may not invite.
      const auditorInvite = await app.post('user/create', {
        token: auditor,
        email: 'by-auditor@example.com',
      })
      expect(auditorInvite.statusCode).toBe(403)
      // Taken: filed under the new user.
      const invited = await app.post('user/create', {
        token: admin,
        email: 'invited-by-filing@example.com',
      })
      expect(invited.json().success, invited.body).toBe(true)
      const sid: string = invited.json().data.sid

      const mine = (rows: Row[]) =>
        rows
          .filter((row) => row.byYou)
          .map(({ action, outcome, clientId }) => ({ action, outcome, clientId }))
      await vi.waitFor(
        async () =>
          expect(mine(await app.activityOf(admin))).toEqual([
            { action: 'userInvite', outcome: 'done', clientId: '' },
            { action: 'userInvite', outcome: 'refused', clientId: '' },
            { action: 'userDelete', outcome: 'refused', clientId: '' },
          ]),
        { timeout: 20_000 },
      )
      expect(await app.activityOf(admin, sid)).toEqual([
        expect.objectContaining({ action: 'userInvite', outcome: 'done' }),
      ])
      await vi.waitFor(
        async () =>
          expect(await app.activityOf(auditor)).toContainEqual(
            expect.objectContaining({
              action: 'userInvite',
              outcome: 'refused',
              byYou: true,
              answerCode: PORTAL_ERROR_CODES.roleForbidden,
            }),
          ),
        { timeout: 20_000 },
      )
    },
  )

  test(
    'a refused invitation or deletion that names no user the sender sees is its help desk’s: its auditor and other administrators see it, another tenant’s do not',
    { timeout: 90_000 },
    async () => {
      const app = client(await portal(mode))
      const admin = await app.signIn('admin')
      const auditor = await app.signIn(AUDITOR)
      const ops = await app.signIn('ops')
      const lab = await app.signIn({ ...DEMO.ops, mtcid: 'lab' })
      // Refused by the service: Anna is a user already; no user has this sid.
      const invite = await app.post('user/create', {
        token: admin,
        email: 'anna@example.com',
        firstname: 'Anna',
        lastname: 'Again',
        password: 'Never-Kept-1',
      })
      expect(invite.json().errorcode, invite.body).toBe(ERROR_CODES.userAlreadyExists)
      const deletion = await app.post('user/delete', { token: admin, sid: 'no-such-user' })
      expect(deletion.json().errorcode, deletion.body).toBe(ERROR_CODES.userNotFound)
      // Refused by the portal itself: an auditor may not invite.
      const byAuditor = await app.post('user/create', {
        token: auditor,
        email: 'by-auditor@example.com',
      })
      expect(byAuditor.statusCode).toBe(403)
      // In another tenant: Lena is a user of "lab" already.
      const labInvite = await app.post('user/create', { token: lab, email: 'lena@lab.example.com' })
      expect(labInvite.json().success, labInvite.body).toBe(false)
      // A user of "lab" the demo's administrator is not shown: refused, and not that user's record.
      const lenaSid = await app.sidOf(await app.signIn('lena'))
      const foreign = await app.post('user/delete', { token: admin, sid: lenaSid })
      expect(foreign.json().errorcode, foreign.body).toBe(ERROR_CODES.userNotFound)

      const refusals = (rows: Row[]) =>
        rows
          .filter((row) => row.outcome === 'refused')
          .map(({ action, account, details, answerCode, clientId }) => ({
            action,
            account,
            details,
            answerCode,
            clientId,
          }))
      const demoRefusals = [
        {
          action: 'userDelete',
          account: 'admin@example.com',
          details: { sid: lenaSid },
          answerCode: ERROR_CODES.userNotFound,
          clientId: '',
        },
        {
          action: 'userInvite',
          account: 'auditor@example.com',
          details: { email: 'by-auditor@example.com' },
          answerCode: PORTAL_ERROR_CODES.roleForbidden,
          clientId: '',
        },
        {
          action: 'userDelete',
          account: 'admin@example.com',
          details: { sid: 'no-such-user' },
          answerCode: ERROR_CODES.userNotFound,
          clientId: '',
        },
        {
          action: 'userInvite',
          account: 'admin@example.com',
          details: { email: 'anna@example.com', firstname: 'Anna', lastname: 'Again' },
          answerCode: ERROR_CODES.userAlreadyExists,
          clientId: '',
        },
      ]
      for (const reader of [auditor, ops, admin]) {
        await vi.waitFor(
          async () => expect(refusals(await app.activityOf(reader))).toEqual(demoRefusals),
          { timeout: 20_000 },
        )
      }
      // The other tenant's help desk sees its own refusal only, and the demo's never.
      expect(refusals(await app.activityOf(lab))).toEqual([
        {
          action: 'userInvite',
          account: 'ops@example.com',
          details: { email: 'lena@lab.example.com' },
          answerCode: ERROR_CODES.userAlreadyExists,
          clientId: '',
        },
      ])
      expect(refusals(await app.activityOf(lab, lenaSid))).toEqual([])
      // In no user's activity: it names none.
      const annaSid = await app.sidOf(await app.signIn('anna'))
      expect(refusals(await app.activityOf(auditor, annaSid))).toEqual([])
    },
  )

  test(
    'a refusal the help desk sees stays its help desk’s when the user it was kept with is deleted',
    { timeout: 90_000 },
    async () => {
      const app = client(await portal(mode, 'fresh'))
      const admin = await app.signIn('admin')
      const auditor = await app.signIn(AUDITOR)
      const invite = await app.post('user/create', { token: admin, email: 'ben@example.com' })
      expect(invite.json().errorcode, invite.body).toBe(ERROR_CODES.userAlreadyExists)
      const refusals = async () =>
        (await app.activityOf(auditor))
          .filter((row) => row.action === 'userInvite' && row.outcome === 'refused')
          .map((row) => row.details)
      await vi.waitFor(
        async () => expect(await refusals()).toEqual([{ email: 'ben@example.com' }]),
        { timeout: 20_000 },
      )
      // Each of the tenant's users in turn, the first the service lists among them.
      const users = (await app.post('user/list', { token: admin })).json().data as { sid: string }[]
      for (const { sid } of users.slice(0, 2)) {
        const deleted = await app.post('user/delete', { token: admin, sid })
        expect(deleted.json().success, deleted.body).toBe(true)
      }
      // Records are written in order: once the second deletion shows, the first was carried out.
      await vi.waitFor(
        async () =>
          expect(
            (await app.activityOf(admin)).filter(
              (row) => row.action === 'userDelete' && row.outcome === 'done',
            ),
          ).toHaveLength(2),
        { timeout: 20_000 },
      )
      expect(await refusals()).toEqual([{ email: 'ben@example.com' }])
    },
  )

  test(
    'a deleted user’s invitation and deletion stay their help desk’s: its auditor and other administrators see them, another tenant’s do not',
    { timeout: 90_000 },
    async () => {
      const app = client(await portal(mode))
      const admin = await app.signIn('admin')
      const auditor = await app.signIn(AUDITOR)
      const ops = await app.signIn('ops')
      const lab = await app.signIn({ ...DEMO.ops, mtcid: 'lab' })
      const invited = await app.post('user/create', {
        token: admin,
        email: 'carla@example.com',
        firstname: 'Carla',
        lastname: 'Conti',
      })
      expect(invited.json().success, invited.body).toBe(true)
      const carlaSid: string = invited.json().data.sid
      // A lock the help desk sent to Ben's phone, before Ben is deleted.
      const lock = await app.post('device/lockscreen', {
        token: admin,
        clientid: DEVICE_IDS.benGalaxy,
        message: 'Before Ben left',
      })
      expect(lock.json().success, lock.body).toBe(true)
      const benSid = await app.sidOf(await app.signIn('ben'))
      for (const sid of [carlaSid, benSid]) {
        const deleted = await app.post('user/delete', { token: admin, sid })
        expect(deleted.json().success, deleted.body).toBe(true)
      }

      const changes = (rows: Row[]) =>
        rows
          .filter((row) => ['userInvite', 'userDelete', 'lock'].includes(row.action))
          .map(({ action, account, outcome, details }) => ({ action, account, outcome, details }))
      // Carla's address and name are forgotten (privacy.ts); who invited and deleted her is not.
      const demoChanges = [
        {
          action: 'userDelete',
          account: 'admin@example.com',
          outcome: 'done',
          details: { sid: benSid },
        },
        {
          action: 'userDelete',
          account: 'admin@example.com',
          outcome: 'done',
          details: { sid: carlaSid },
        },
        {
          action: 'lock',
          account: 'admin@example.com',
          outcome: 'sent',
          details: expect.anything(),
        },
        { action: 'userInvite', account: 'admin@example.com', outcome: 'done', details: {} },
      ]
      // Their sender sees them once written (records are written in order)…
      await vi.waitFor(
        async () => expect(changes(await app.activityOf(admin))).toEqual(demoChanges),
        {
          timeout: 20_000,
        },
      )
      // …the other tenant's help desk never…
      expect(changes(await app.activityOf(lab))).toEqual([])
      // …and the tenant's auditor and other administrators do, the service showing Carla to none.
      for (const [reader, token] of Object.entries({ auditor, ops })) {
        expect(changes(await app.activityOf(token)), reader).toEqual(demoChanges)
      }
      // The user they are kept with, deleted in turn, hands them on to another of the tenant's.
      const [first] = (await app.post('user/list', { token: admin })).json().data as {
        sid: string
      }[]
      const again = await app.post('user/delete', { token: admin, sid: first!.sid })
      expect(again.json().success, again.body).toBe(true)
      const third = { ...demoChanges[0], details: { sid: first!.sid } }
      await vi.waitFor(
        async () => expect(changes(await app.activityOf(auditor))).toEqual([third, ...demoChanges]),
        { timeout: 20_000 },
      )
    },
  )

  test(
    'a deleted user’s address and name leave the invitations that named them, refused ones too',
    { timeout: 90_000 },
    async () => {
      const app = client(await portal(mode))
      const admin = await app.signIn('admin')
      const carla = { email: 'Carla@example.com', firstname: 'Carla', lastname: 'Conti' }
      const invited = await app.post('user/create', { token: admin, ...carla })
      expect(invited.json().success, invited.body).toBe(true)
      const again = await app.post('user/create', { token: admin, ...carla })
      expect(again.json().errorcode, again.body).toBe(ERROR_CODES.userAlreadyExists)
      // As their sender reads them (the service shows no one a deleted user).
      const invitations = async () =>
        (await app.activityOf(admin))
          .filter((row) => row.action === 'userInvite')
          .map((row) => row.details)
      await vi.waitFor(async () => expect(await invitations()).toEqual([carla, carla]), {
        timeout: 20_000,
      })
      const sid: string = invited.json().data.sid
      expect((await app.post('user/delete', { token: admin, sid })).json().success).toBe(true)
      await vi.waitFor(async () => expect(await invitations()).toEqual([{}, {}]), {
        timeout: 20_000,
      })
    },
  )

  test(
    'a command of an ended session is refused and recorded, the sender’s alone',
    { timeout: 90_000 },
    async () => {
      const app = client(await portal(mode))
      const anna = await app.signIn('anna')
      const ended = await app.signIn('admin')
      const admin = await app.signIn('admin')
      const endOthers = await app.post('/api/portal/records/end-session', {
        token: admin,
        others: true,
      })
      expect(endOthers.json().data, endOthers.body).toEqual({ ended: 1 })
      const refused = await app.post('device/lockscreen', {
        token: ended,
        clientid: DEVICE_IDS.annaIphone,
        message: 'After sign-out',
      })
      expect(refused.statusCode).toBe(401)
      await vi.waitFor(
        async () =>
          expect(await app.activityOf(admin)).toContainEqual(
            expect.objectContaining({
              action: 'lock',
              outcome: 'refused',
              byYou: true,
              clientId: `clientid:${DEVICE_IDS.annaIphone}`,
            }),
          ),
        { timeout: 20_000 },
      )
      expect(messages(await app.history(anna, DEVICE_IDS.annaIphone))).not.toContain(
        'After sign-out',
      )
    },
  )
})

test('a lock on another user’s device is in nobody’s device history while the service weighs it', async () => {
  // The service holds its answer to Ben's lock: meanwhile his attempt is recorded (before the
  // service has it), and Anna, reading her iPhone's history, must not see his message.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  let arrived = () => {}
  const asked = new Promise<void>((resolve) => (arrived = resolve))
  const service = await startLenientService(
    {},
    {
      '/api/mdm/v2/device/lockscreen': async (_request, reply) => {
        arrived()
        await held
        return reply.code(403).send({ success: false, errorcode: '01000003', errormessage: 'no' })
      },
    },
  )
  keep(service)
  const server = keep(
    await buildServer(
      testConfig(dist.dir, {
        PORTAL_RECORDS: '1',
        PORTAL_DATA_DIR: folder('portal-filing-'),
        MDM_API_URL: service.url,
      }),
    ),
  )
  await recordsReachable(server, { timeout: 30_000, interval: 200 })
  const app = client(server)
  const anna = await app.signIn('anna')
  const ben = await app.signIn('ben')
  const lock = app.post('device/lockscreen', {
    token: ben,
    clientid: DEVICE_IDS.annaIphone,
    message: 'Call Ben for your phone',
  })
  await asked
  // The attempt is in the records before the service answered.
  await vi.waitFor(
    async () =>
      expect(
        (await server.inject({ method: 'GET', url: '/healthz' })).json().recordsQueued ?? 0,
      ).toBe(0),
    { timeout: 20_000 },
  )
  expect(messages(await app.history(anna, DEVICE_IDS.annaIphone))).not.toContain(
    'Call Ben for your phone',
  )
  release()
  expect((await lock).statusCode).toBe(403)
  expect(messages(await app.history(anna, DEVICE_IDS.annaIphone))).not.toContain(
    'Call Ben for your phone',
  )
})
