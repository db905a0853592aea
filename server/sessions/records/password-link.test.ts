import type { FastifyInstance } from 'fastify'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test, vi } from 'vitest'
import { buildServer } from '../../app.ts'
import { ERROR_CODES, PORTAL_ERROR_CODES } from '../../../contract/error-codes.ts'
import { DEMO } from '../../mdm/test-client.ts'
import { startLenientService } from '../../testing/lenient-service.ts'
import { fileResources, recordsReachable, testConfig } from '../../testing/test-support.ts'

/**
 * The help desk sends a user a link to set a new password: to the address the service has for
 * that user, read with the help desk's own token; recorded with who sent it to whom; refused for
 * an employee, an auditor and a signed-out session, and never sent to a user of another tenant.
 * Embedded, and in front of a service as lenient as ASP.NET's defaults.
 */
const { dist, folder, keep } = fileResources()

type Mode = 'embedded' | 'proxied'

const ROLES = [
  'accounts:',
  '  admin@example.com: admin',
  '  helpdesk@example.com: helpdesk',
  '  auditor@example.com: auditor',
  '',
].join('\n')
const HELPDESK = {
  usertype: 'admin',
  username: 'helpdesk@example.com',
  password: 'Helpdesk-Demo-1',
}
const AUDITOR = { usertype: 'admin', username: 'auditor@example.com', password: 'Auditor-Demo-1' }
const LINK = '/api/portal/password-link'

/**
 * One portal per mode for the file's tests, in test mode: each test is a client of its own, in
 * a world of its own of the reference API (x-mdm-world) and at an address of its own, so that
 * its service starts from the demo data, and its activity, mails and limits per address are its
 * own.
 */
const portals = new Map<Mode, Promise<{ app: FastifyInstance; outboxUrl: string | null }>>()

async function startPortal(mode: Mode) {
  const dataDir = folder('portal-password-link-')
  const env: Record<string, string> = {
    PORTAL_RECORDS: '1',
    PORTAL_DATA_DIR: dataDir,
    MDM_TEST_MODE: '1',
    HELPDESK_ROLES_FILE: join(dataDir, 'roles.yaml'),
  }
  writeFileSync(env.HELPDESK_ROLES_FILE!, ROLES)
  let outboxUrl: string | null = null
  if (mode === 'proxied') {
    const service = keep(await startLenientService({ testMode: true }))
    env.MDM_API_URL = service.url
    outboxUrl = `${service.url}/outbox.json`
  }
  const app = keep(await buildServer(testConfig(dist.dir, env)))
  await recordsReachable(app, { timeout: 30_000, interval: 200 })
  return { app, outboxUrl }
}

let tests = 0
/** The mode's portal; a `fresh` one is the test's alone, with no user's links counted yet. */
async function portal(mode: Mode, fresh?: 'fresh') {
  if (!portals.has(mode)) portals.set(mode, startPortal(mode))
  const { app, outboxUrl } = await (fresh ? startPortal(mode) : portals.get(mode)!)
  tests += 1
  return client(app, outboxUrl, `password-link-${tests}`, `10.0.0.${tests}`)
}

function client(app: FastifyInstance, outboxUrl: string | null, world: string, address: string) {
  const post = (path: string, payload: object, lang = 'en') =>
    app.inject({
      method: 'POST',
      url: path.startsWith('/') ? path : `/api/mdm/v2/${path}`,
      payload: JSON.stringify(payload),
      headers: {
        'content-type': 'application/json',
        'accept-language': lang,
        'x-mdm-world': world,
      },
      remoteAddress: address,
    })
  return {
    post,
    async signIn(who: Record<string, string>) {
      const answer = await post('user/login', { type: 'basic', ...who })
      const token: unknown = answer.json().token
      if (typeof token !== 'string') throw new Error(answer.body)
      return token
    },
    async sidOf(token: string) {
      return (await post('user/info', { token })).json().userinfo.sid as string
    },
    /** The reset links the demo service mailed, by recipient. */
    async resetMails() {
      const headers = { 'x-mdm-world': world }
      const text = outboxUrl
        ? await (await fetch(outboxUrl, { headers })).text()
        : (await app.inject({ method: 'GET', url: '/outbox.json', headers })).body
      const mails = JSON.parse(text) as { to: string; kind: string }[]
      return mails.filter((mail) => mail.kind === 'reset').map((mail) => mail.to)
    },
    async links(token: string, sid: string) {
      const answer = await post('/api/portal/records/activity', {
        token,
        sid,
        actions: ['userPasswordLink'],
      })
      expect(answer.statusCode, answer.body).toBe(200)
      return answer.json().data as {
        action: string
        account: string | null
        outcome: string
        answerCode: string | null
        details: Record<string, string>
      }[]
    },
  }
}

describe.each<Mode>(['embedded', 'proxied'])('%s: a password link', { timeout: 90_000 }, (mode) => {
  test('goes to the user’s own address, and the activity says who sent it to whom', async () => {
    const app = await portal(mode)
    const anna = await app.signIn(DEMO.anna)
    const annaSid = await app.sidOf(anna)
    const helpdesk = await app.signIn(HELPDESK)
    const before = await app.resetMails()

    const sent = await app.post(LINK, { token: helpdesk, sid: annaSid })
    expect(sent.statusCode, sent.body).toBe(200)
    expect(sent.json()).toMatchObject({ success: true, data: { email: 'anna@example.com' } })
    expect(await app.resetMails()).toEqual([...before, 'anna@example.com'])

    await vi.waitFor(
      async () =>
        expect(await app.links(helpdesk, annaSid)).toEqual([
          expect.objectContaining({
            action: 'userPasswordLink',
            account: 'helpdesk@example.com',
            outcome: 'done',
            details: { sid: annaSid },
          }),
        ]),
      { timeout: 20_000 },
    )
    for (const [lang, words] of [
      ['en', '"Password link","helpdesk@example.com"'],
      ['de', '"Passwort-Link","helpdesk@example.com"'],
    ] as const) {
      const csv = await app.post(
        '/api/portal/records/activity.csv',
        { token: helpdesk, sid: annaSid },
        lang,
      )
      expect(csv.statusCode, csv.body).toBe(200)
      expect(csv.body).toContain(words)
    }
  })

  test('is refused to an employee, an auditor and a signed-out session, and sends nothing', async () => {
    const app = await portal(mode)
    const anna = await app.signIn(DEMO.anna)
    const annaSid = await app.sidOf(anna)
    const ben = await app.signIn(DEMO.ben)
    const auditor = await app.signIn(AUDITOR)
    const helpdesk = await app.signIn(HELPDESK)
    const before = await app.resetMails()

    const employee = await app.post(LINK, { token: ben, sid: annaSid })
    expect(employee.statusCode, employee.body).toBe(403)
    expect(employee.json().errorcode).toBe(ERROR_CODES.forbidden)
    // Not even to the employee's own address.
    const own = await app.post(LINK, { token: anna, sid: annaSid })
    expect(own.statusCode, own.body).toBe(403)

    const audited = await app.post(LINK, { token: auditor, sid: annaSid }, 'de')
    expect(audited.statusCode, audited.body).toBe(403)
    expect(audited.json()).toMatchObject({
      errorcode: PORTAL_ERROR_CODES.roleForbidden,
      errormessage:
        'Als Auditor können Sie keine Passwort-Links senden. Fragen Sie den Helpdesk oder einen Administrator.',
    })

    const signedOut = await app.post('/api/portal/sign-out', { token: helpdesk })
    expect(signedOut.statusCode, signedOut.body).toBe(200)
    const ended = await app.post(LINK, { token: helpdesk, sid: annaSid })
    expect(ended.statusCode, ended.body).toBe(401)
    const nobody = await app.post(LINK, { sid: annaSid })
    expect(nobody.statusCode, nobody.body).toBe(400)

    expect(await app.resetMails()).toEqual(before)
    // The auditor's attempt is in Anna's activity, refused.
    const admin = await app.signIn(DEMO.admin)
    await vi.waitFor(
      async () =>
        expect(await app.links(admin, annaSid)).toContainEqual(
          expect.objectContaining({
            account: 'auditor@example.com',
            outcome: 'refused',
            answerCode: PORTAL_ERROR_CODES.roleForbidden,
          }),
        ),
      { timeout: 20_000 },
    )
  })

  test('reaches no user of another tenant, and no user more than five times a minute', async () => {
    // A user's links are counted across the portal, whoever sends them: none of another test's.
    const app = await portal(mode, 'fresh')
    const lena = await app.signIn(DEMO.lena)
    const lenaSid = await app.sidOf(lena)
    const anna = await app.signIn(DEMO.anna)
    const annaSid = await app.sidOf(anna)
    const helpdesk = await app.signIn(HELPDESK)
    const before = await app.resetMails()

    const other = await app.post(LINK, { token: helpdesk, sid: lenaSid })
    expect(other.statusCode, other.body).toBe(404)
    expect(await app.resetMails()).toEqual(before)

    for (let sent = 0; sent < 5; sent++) {
      expect((await app.post(LINK, { token: helpdesk, sid: annaSid })).statusCode).toBe(200)
    }
    const sixth = await app.post(LINK, { token: helpdesk, sid: annaSid })
    expect(sixth.statusCode, sixth.body).toBe(429)
    expect(await app.resetMails()).toEqual([...before, ...Array(5).fill('anna@example.com')])
  })
})
