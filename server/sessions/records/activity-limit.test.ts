import type { FastifyInstance } from 'fastify'
import { describe, expect, test, vi } from 'vitest'
import { buildServer } from '../../app.ts'
import { DEMO, DEVICE_IDS } from '../../mdm/test-client.ts'
import { fileResources, recordsReachable, testConfig } from '../../testing/test-support.ts'
import { openDatabase } from './database.ts'

/**
 * The help desk's search shows the newest 500 records and its CSV the newest 50,000: each says
 * when there are older ones it leaves out, so that an auditor never takes a part for the whole.
 */
const { dist, folder, keep } = fileResources()
const dataDir = folder('portal-activity-limit-')

async function portal() {
  const app = keep(
    await buildServer(
      testConfig(dist.dir, {
        PORTAL_RECORDS: '1',
        PORTAL_DATA_DIR: dataDir,
        MDM_COMMAND_DELAY_MS: '60000',
      }),
    ),
  )
  await recordsReachable(app, { timeout: 30_000, interval: 200 })
  return app
}

const post = (app: FastifyInstance, url: string, payload: object, language = 'en') =>
  app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: {
      'content-type': 'application/json',
      'accept-language': language,
      'user-agent': 'Mozilla/5.0 Firefox/141.0',
    },
  })

/**
 * One more than the search shows: records the administrator sent, a second apart, newest
 * first, but for the last few, sent at one moment: the search's limit cuts through them. (The CSV's own limit, 50,000, and its note are `activityCsv`'s: activity-views.test.ts.)
 */
const RECORDS = 501
const SAME_MOMENT = RECORDS - 4
const newest = Date.now() - 1000
const atOf = (index: number) => new Date(newest - Math.min(index, SAME_MOMENT) * 1000)

/**
 * The records an administrator of the tenant sent to Anna's iPhone (filed under its owner,
 * `ownerSid`), written as the records store keeps them.
 */
async function writeRecords(account: string, tenant: string, ownerSid: string) {
  const db = await openDatabase({ dataDir })
  try {
    for (let start = 0; start < RECORDS; start += 2000) {
      const rows = Array.from({ length: Math.min(2000, RECORDS - start) }, (_, offset) => {
        const index = start + offset
        return {
          id: `limit-${String(index).padStart(6, '0')}`,
          at: atOf(index),
          account,
          actor: 'helpdesk' as const,
          session_id: null,
          client_id: DEVICE_IDS.annaIphone,
          // Named one by one, as the CSV shows each record.
          device_name: `Record ${index}`,
          owner_sid: ownerSid,
          action: 'lock',
          details: '{}',
          answer_status: 200,
          answer_code: null,
          outcome: 'sent' as const,
          done_at: null,
          world: '',
          tenant,
        }
      })
      await db.insertInto('portal_activity').values(rows).execute()
    }
  } finally {
    await db.destroy()
  }
}

async function signIn(app: FastifyInstance) {
  const login = await post(app, '/api/mdm/v2/user/login', { type: 'basic', ...DEMO.admin })
  const token: unknown = login.json().token
  if (typeof token !== 'string') throw new Error(login.body)
  return token
}

/**
 * The portal over the records, an administrator's token (the service asks it for a device's
 * history) and the sid of Anna, whose device the records name, once the records are written.
 */
let ready: Promise<{ app: FastifyInstance; token: string; annaSid: string }> | undefined
function withRecords() {
  ready ??= (async () => {
    const first = await portal()
    const token = await signIn(first)
    const iphone = await post(first, '/api/mdm/v2/device/info', {
      token,
      clientid: DEVICE_IDS.annaIphone,
    })
    const annaSid: unknown = iphone.json().deviceinfo?.usersid
    if (typeof annaSid !== 'string') throw new Error(iphone.body)
    await first.close()
    const db = await openDatabase({ dataDir })
    const session = await db.selectFrom('portal_sessions').selectAll().executeTakeFirstOrThrow()
    await db.destroy()
    await writeRecords(session.account, session.tenant, annaSid)
    const app = await portal()
    return { app, token: await signIn(app), annaSid }
  })()
  return ready
}

describe('the help desk’s activity beyond what it shows', { timeout: 120_000 }, () => {
  test('the search says that older records exist when it shows only the newest', async () => {
    const { app, token } = await withRecords()
    const search = await post(app, '/api/portal/records/activity', { token })
    expect(search.statusCode, search.body).toBe(200)
    const answer = search.json()
    expect(answer.data).toHaveLength(500)
    expect(answer.data[0].id).toBe('limit-000000')
    expect(answer.more).toBe(true)
    // Narrowed to the newest ten, it holds them all.
    const narrowed = await post(app, '/api/portal/records/activity', {
      token,
      from: atOf(9).toISOString(),
    })
    expect(narrowed.json().data).toHaveLength(10)
    expect(narrowed.json().more).toBe(false)
  })

  test('the screen and the CSV cut through records of one moment at the same place', async () => {
    const { app, token } = await withRecords()
    const search = await post(app, '/api/portal/records/activity', { token })
    const shown = search.json().data.map((record: { deviceName: string }) => record.deviceName)
    const csv = await post(app, '/api/portal/records/activity.csv', { token })
    // Each line's fifth cell: the device's name.
    const inFile = csv.body
      .split('\r\n')
      .slice(1, 1 + RECORDS)
      .map((line) => line.split('","')[4])
    expect(shown).toEqual(inFile.slice(0, 500))
    // The records of that moment, the one written last first: the first written is left out.
    expect(inFile.slice(SAME_MOMENT)).toEqual([
      'Record 500',
      'Record 499',
      'Record 498',
      'Record 497',
    ])
    expect(shown).not.toContain(`Record ${SAME_MOMENT}`)
    // Asked again, the search shows the same records.
    const again = await post(app, '/api/portal/records/activity', { token })
    expect(again.json().data.map((record: { id: string }) => record.id)).toEqual(
      search.json().data.map((record: { id: string }) => record.id),
    )
  })

  // The help desk's user page searches the records filed under the user: the same search and
  // CSV, with the same limits and the same cut.
  test('a user’s activity says that older records exist, and its CSV cuts where the screen does', async () => {
    const { app, token, annaSid } = await withRecords()
    const search = await post(app, '/api/portal/records/activity', { token, sid: annaSid })
    expect(search.statusCode, search.body).toBe(200)
    expect(search.json().data).toHaveLength(500)
    expect(search.json().more).toBe(true)
    const csv = await post(app, '/api/portal/records/activity.csv', { token, sid: annaSid })
    const lines = csv.body.split('\r\n')
    expect(lines.pop()).toBe('')
    expect(lines).toHaveLength(1 + RECORDS)
    expect(lines.slice(1, 501).map((line) => line.split('","')[4])).toEqual(
      search.json().data.map((record: { deviceName: string }) => record.deviceName),
    )
    expect(csv.body).not.toContain('left out')
  })

  test('a device’s history says that older records exist when it shows only the newest 20', async () => {
    const { app, token } = await withRecords()
    const history = async (clientid: string) =>
      (await post(app, '/api/portal/records/device', { token, clientid })).json().data
    const iphone = await history(DEVICE_IDS.annaIphone)
    expect(iphone.activity).toHaveLength(20)
    expect(iphone.activity[0].id).toBe('limit-000000')
    expect(iphone.more).toBe(true)
    // A device with no more records than it shows says none are left out.
    const pixel = await history(DEVICE_IDS.annaPixel)
    expect(pixel.activity).toHaveLength(0)
    expect(pixel.more).toBe(false)
  })

  test('the CSV holds every record under its limit, and no note of records left out', async () => {
    const { app, token } = await withRecords()
    const csv = await post(app, '/api/portal/records/activity.csv', { token })
    expect(csv.statusCode, csv.body.slice(0, 300)).toBe(200)
    const lines = csv.body.split('\r\n')
    expect(lines.pop()).toBe('')
    // The header and all 501 records: more than the screen shows, all under the file's limit.
    expect(lines).toHaveLength(1 + RECORDS)
    expect(lines[1]).toMatch(/^"\S+Z",/)
    expect(csv.body).not.toContain('left out')
  })

  // Last: it sends a command, a record newer than those written.
  test('the older records come 500 at a time after the last one shown, none twice, none skipped', async () => {
    const { app, token, annaSid } = await withRecords()
    const ids = (answer: { data: { id: string }[] }) => answer.data.map((record) => record.id)
    const first = (await post(app, '/api/portal/records/activity', { token })).json()
    expect(first.more).toBe(true)
    expect(first.next).toEqual(expect.any(String))
    // The last records of the first page are of the moment its cut goes through: the one
    // written first of them comes next, alone.
    expect(ids(first).slice(-3)).toEqual(['limit-000500', 'limit-000499', 'limit-000498'])
    const older = async (after: unknown, filter: object = {}) =>
      post(app, '/api/portal/records/activity', { token, ...filter, after })
    const second = (await older(first.next)).json()
    expect(ids(second)).toEqual(['limit-000497'])
    expect(second.more).toBe(false)
    expect(second.next).toBeUndefined()
    // The same for a user's activity, with its own filter.
    const mine = (await post(app, '/api/portal/records/activity', { token, sid: annaSid })).json()
    expect(ids((await older(mine.next, { sid: annaSid })).json())).toEqual(['limit-000497'])
    // A record written since the first page leaves the next one as it was.
    const lock = await post(app, '/api/mdm/v2/device/lockscreen', {
      token,
      clientid: DEVICE_IDS.annaMac,
    })
    expect(lock.json().success, lock.body).toBe(true)
    await vi.waitFor(
      async () => {
        const newest = (await post(app, '/api/portal/records/activity', { token })).json()
        expect(newest.data[0].action).toBe('lock')
        expect(newest.data[0].id).not.toMatch(/^limit-/)
      },
      { timeout: 20_000 },
    )
    expect(ids((await older(first.next)).json())).toEqual(['limit-000497'])
  })

  test('a position the search did not give is refused', async () => {
    const { app, token } = await withRecords()
    for (const after of [
      '',
      'older',
      '1700000000000',
      '1700000000000.0',
      '1700000000000.-4',
      '1700000000000.12abc',
      '99999999999999999.5',
      '1700000000000.99999999999999999999',
      '1700000000000.9223372036854775808',
      'x'.repeat(300),
      12,
      { at: 1, seq: 1 },
    ]) {
      const answer = await post(app, '/api/portal/records/activity', { token, after })
      expect(answer.statusCode, JSON.stringify(after)).toBe(400)
    }
  })
})
