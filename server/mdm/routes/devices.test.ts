import { describe, expect, it } from 'vitest'
import { DEVICE_IDS } from '../demo/demo-ids.ts'
import { DE, deviceNames, expectFailure, expectSuccess, sharedApi } from '../test-client.ts'

const api = sharedApi()

const HOUR = 3_600_000
const names = (devices: { displayname?: string | null }[]) =>
  devices.map((device) => device.displayname)

/** One UTC time in each form the spec accepts. */
function forms(time: number): [string, string][] {
  const at = (shift: number) => new Date(time + shift).toISOString()
  return [
    ['date-time with milliseconds', at(0)],
    ['date-time without milliseconds', at(0).replace(/\.\d{3}Z$/, 'Z')],
    [
      'compact',
      at(0)
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}Z$/, 'Z'),
    ],
    ['offset +H', at(2 * HOUR).replace(/\.\d{3}Z$/, '+2')],
    ['offset +HH', at(2 * HOUR).replace(/\.\d{3}Z$/, '+02')],
    ['offset -HH:MM with milliseconds', at(-5.5 * HOUR).replace(/Z$/, '-05:30')],
  ]
}

describe('device list', () => {
  it('lists the caller devices with pageindex 1, pagecount 1 and totalcount', async () => {
    const world = api.world()
    const token = await world.login('anna')
    const answer = await world.call('device/list', { token })
    expectSuccess(answer)
    expect(answer.json).toMatchObject({ pageindex: 1, pagecount: 1, totalcount: 3 })
    const [iphone, pixel, mac] = await world.devices(token)
    expect(iphone).toMatchObject({
      type: 2,
      supervised: true,
      osname: 'iOS 17.5.1',
      imei: '356789104512346',
      location: null,
    })
    expect(pixel).toMatchObject({
      type: 4,
      androidforworktype: 3,
      location: { latitude: 48.13743, longitude: 11.57549 },
    })
    expect(mac).toMatchObject({
      type: 7,
      enrollmenttype: 1,
      modelname: 'MacBook Pro (14-inch, M3, 2023)',
    })
    // The MacBook has been silent for more than 48 hours.
    expect(Date.now() - (mac?.lastcontact?.getTime() ?? 0)).toBeGreaterThan(48 * HOUR)
  })

  it('sends dates as /Date(ms)/ and storage as display text in the caller language', async () => {
    const world = api.world()
    const token = await world.login('anna')
    const english = await world.call('device/info', { token, clientid: DEVICE_IDS.annaPixel })
    const german = await world.call('device/info', { token, clientid: DEVICE_IDS.annaPixel }, DE)
    expect(english.json.deviceinfo).toMatchObject({
      lastcontact: expect.stringMatching(/^\/Date\(\d+\)\/$/),
      location: { timestamp: expect.stringMatching(/^\/Date\(\d+\)\/$/) },
      freestorageinfo: '88.0 GB / 128.0 GB - 68.75 %',
    })
    expect(german.json.deviceinfo).toMatchObject({
      freestorageinfo: '88,0 GB / 128,0 GB - 68,75 %',
    })
  })

  it('filter managed and wiped keep only the matching devices', async () => {
    const world = api.world()
    const lab = { authorization: 'Api-Key ops-api-key' }
    const list = async (filter: object) =>
      deviceNames(await world.call('device/list', { mtcid: 'lab', filter }, lab))
    expect(await list({ managed: true })).toEqual(['Lab Tablet', 'Lenas iPhone'])
    expect(await list({ managed: false })).toEqual(['Old iPad'])
    expect(await list({ wiped: true })).toEqual(['Old iPad'])
    expect(await list({ wiped: 'false', managed: 'true' })).toEqual(['Lab Tablet', 'Lenas iPhone'])
  })

  it('filter lastcontact accepts every date-time form of the spec, bounds included', async () => {
    const world = api.world()
    const token = await world.login('anna')
    const [, pixel] = await world.devices(token)
    const contact = pixel?.lastcontact?.getTime() ?? 0
    const second = Math.floor(contact / 1000) * 1000
    const to = forms(second + 1000)
    for (const [index, [form, from]] of forms(second).entries()) {
      const range = { from, to: to[index]?.[1] }
      expect(names(await world.devices(token, { lastcontact: range })), form).toEqual([
        "Anna's Pixel",
      ])
    }
    const exactly = new Date(contact).toISOString()
    const bounds = { from: exactly, to: exactly }
    expect(names(await world.devices(token, { lastcontact: bounds }))).toEqual(["Anna's Pixel"])
    const later = { from: new Date(contact + 1).toISOString() }
    expect(names(await world.devices(token, { lastcontact: later }))).toEqual([])
  })

  it('a date-only "to" covers the whole day; devices silent for days drop out', async () => {
    const world = api.world()
    const token = await world.login('anna')
    const today = new Date().toISOString().slice(0, 10)
    const sinceToday = names(
      await world.devices(token, { lastcontact: { from: today, to: today } }),
    )
    // Both phones were in contact minutes ago (unless the test runs right after midnight UTC).
    if (new Date().getUTCHours() > 0) expect(sinceToday).toEqual(["Anna's iPhone", "Anna's Pixel"])
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * HOUR).toISOString().slice(0, 10)
    expect(names(await world.devices(token, { lastcontact: { to: twoDaysAgo } }))).toEqual([
      "Anna's MacBook Pro",
    ])
  })

  it('filter locationtimestamp excludes devices without a location', async () => {
    const world = api.world()
    const token = await world.login('anna')
    expect(names(await world.devices(token, { locationtimestamp: {} }))).toEqual(["Anna's Pixel"])
    const future = new Date(Date.now() + HOUR).toISOString()
    expect(names(await world.devices(token, { locationtimestamp: { from: future } }))).toEqual([])
    expect(names(await world.devices(token, { locationtimestamp: { to: future } }))).toEqual([
      "Anna's Pixel",
    ])
  })

  it('an unreadable date-time fails naming the filter member', async () => {
    const world = api.world()
    const token = await world.login('anna')
    for (const value of [
      '2024-02-30',
      '2024-05-01T10:00:00',
      '2024-05-01 10:00:00Z',
      '20240501T1000Z',
      '2024-05-01T25:00:00Z',
    ]) {
      const answer = await world.call('device/list', {
        token,
        filter: { locationtimestamp: { to: value } },
      })
      expect(expectFailure(answer, 'invalidField'), value).toBe(
        'The field "filter.locationtimestamp.to" must be a date (YYYY-MM-DD) or an ISO 8601 date-time.',
      )
    }
  })
})

describe('device info', () => {
  it('names the device by exactly one of clientid, imei and serialnumber', async () => {
    const world = api.world()
    const token = await world.login('anna')
    const byImei = await world.call('device/info', { token, imei: '356789104512346' })
    const bySerial = await world.call('device/info', { token, serialnumber: 'F2LXK4Q9N7PQ' })
    expect(byImei.json.deviceinfo).toMatchObject({ clientid: DEVICE_IDS.annaIphone })
    expect(bySerial.json.deviceinfo).toMatchObject({ clientid: DEVICE_IDS.annaIphone })
    expectFailure(await world.call('device/info', { token }), 'deviceIdentifierInvalid')
    const two = await world.call(
      'device/info',
      { token, clientid: DEVICE_IDS.annaIphone, serialnumber: 'F2LXK4Q9N7PQ' },
      DE,
    )
    expect(expectFailure(two, 'deviceIdentifierInvalid')).toContain('genau einem')
    expectFailure(
      await world.call('device/info', { token, serialnumber: 'UNKNOWN' }),
      'deviceNotFound',
      404,
    )
  })

  it('Device rule 8: an administrator reads any device of the tenant', async () => {
    const world = api.world()
    const token = await world.login('admin')
    expect((await world.device(token, DEVICE_IDS.benGalaxy)).displayname).toBe('Bens Galaxy S23')
    expectFailure(
      await world.call('device/info', { token, clientid: DEVICE_IDS.lenaIphone }),
      'deviceNotFound',
      404,
    )
  })
})
