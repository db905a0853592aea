import { describe, expect, it, vi } from 'vitest'
import type { Device } from '../../../contract/schemas.ts'
import { BEN_SID } from '../demo/demo-ids.ts'
import { expectFailure, expectSuccess, ownServer, sharedApi, TestWorld } from '../test-client.ts'

const api = sharedApi()

const ADMIN_KEY = { authorization: 'Api-Key demo-api-key' }

const visible = (device: Device) =>
  Object.entries(device.actions)
    .filter(([, action]) => action.visible)
    .map(([name]) => name)
    .sort()

/** An IMEI is 15 digits whose last one is the Luhn check digit. */
function isImei(value: string | null | undefined): boolean {
  if (!value || !/^\d{15}$/.test(value)) return false
  const sum = [...value].reduce((total, char, index) => {
    const doubled = index % 2 === 1 ? Number(char) * 2 : Number(char)
    return total + (doubled > 9 ? doubled - 9 : doubled)
  }, 0)
  return sum % 10 === 0
}

/** Downloads a profile (POST), lets the devices answer, and returns the devices that are new. */
async function enroll(world: TestWorld, token: string, request: object): Promise<Device[]> {
  const before = new Set((await world.devices(token)).map((device) => device.clientid))
  const file = await world.call('user/mdmprofile', { token, ...request })
  expect(file.status, file.text).toBe(200)
  await world.control('complete')
  return (await world.devices(token)).filter((device) => !before.has(device.clientid))
}

async function enrollOne(world: TestWorld, token: string, request: object): Promise<Device> {
  const arrived = await enroll(world, token, request)
  expect(arrived).toHaveLength(1)
  const [device] = arrived
  if (!device) throw new Error('no device arrived')
  return device
}

describe('devices that enroll with a downloaded profile', () => {
  it('User rule 6: an Apple company profile becomes a supervised iPhone of the user after the command delay (3 s by default)', async () => {
    const world = api.world()
    const token = await world.login('anna')
    await world.control('settings', { commandDelayMs: 3000 })
    const count = (await world.devices(token)).length
    let arrivedAfter = 0
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const file = await world.call('user/mdmprofile', { token, mdmtype: 'apple' })
      expect(file.contentType).toBe('application/x-apple-aspen-config')
      vi.advanceTimersByTime(2999)
      expect(await world.devices(token)).toHaveLength(count)
      arrivedAfter = Date.now()
      vi.advanceTimersByTime(1)
      expect(await world.devices(token)).toHaveLength(count + 1)
    } finally {
      vi.useRealTimers()
    }
    const iphone = (await world.devices(token)).find(
      (device) => device.displayname === "Anna's iPhone 15",
    )
    expect(iphone).toMatchObject({
      type: 2,
      modelname: 'iPhone 15',
      osname: 'iOS 17.5.1',
      supervised: true,
      enrollmenttype: null,
      androidforworktype: 0,
      managed: true,
      wiped: false,
      mdmprofileremoved: false,
      lostmodeenabled: false,
      location: null,
      storagemb: 131072,
    })
    expect(iphone?.clientid).toMatch(
      /^[\da-f]{8}-[\da-f]{4}-4[\da-f]{3}-[89ab][\da-f]{3}-[\da-f]{12}$/,
    )
    expect(iphone?.serialnumber).toMatch(/^[\dA-Z]{10}$/)
    expect(isImei(iphone?.imei)).toBe(true)
    expect(iphone?.mdmid).toMatch(/^00008120-[\dA-F]{16}$/)
    expect(iphone?.batterylevel).toBeGreaterThanOrEqual(40)
    expect(iphone?.freestoragemb).toBeLessThanOrEqual(131072)
    expect(iphone?.freestorageinfo).toMatch(/ GB \/ 128\.0 GB - /)
    expect(iphone?.lastcontact?.getTime()).toBeGreaterThanOrEqual(arrivedAfter)
    expect(iphone && visible(iphone)).toEqual([
      'enablelostmode',
      'lockscreen',
      'resetpasscode',
      'wipefull',
      'wipepartial',
    ])
    // It is the user's own device: details, commands and the admin's view of the tenant.
    expectSuccess(await world.call('device/lockscreen', { token, clientid: iphone?.clientid }))
    const admin = await world.call('device/info', { clientid: iphone?.clientid }, ADMIN_KEY)
    expectSuccess(admin)
  })

  it('User rule 6: every kind of file makes its own kind of device, showing only what its management mode allows', async () => {
    const world = api.world()
    const token = await world.login('anna')

    const personalIphone = await enrollOne(world, token, { mdmtype: 'apple', byod: true })
    expect(personalIphone).toMatchObject({
      displayname: "Anna's iPhone 14",
      type: 2,
      enrollmenttype: 2,
      supervised: false,
      serialnumber: null,
      imei: null,
    })
    expect(personalIphone.mdmid).toMatch(/^ue-[\da-f]{16}$/)
    expect(visible(personalIphone)).toEqual(['wipepartial'])

    const companyMac = await enrollOne(world, token, { mdmtype: 'apple', mac: true })
    expect(companyMac).toMatchObject({
      displayname: "Anna's MacBook Air",
      type: 7,
      enrollmenttype: 1,
      imei: null,
      passwordenabled: false,
    })
    expect(companyMac.serialnumber).toMatch(/^[\dA-Z]{10}$/)
    expect(visible(companyMac)).toEqual(['lockscreen', 'wipefull', 'wipepartial'])

    // Anna already has a MacBook Pro: the second one is told apart by a number.
    const personalMac = await enrollOne(world, token, { mdmtype: 'apple', mac: true, byod: true })
    expect(personalMac).toMatchObject({
      displayname: "Anna's MacBook Pro (2)",
      type: 7,
      enrollmenttype: null,
    })
    expect(visible(personalMac)).toEqual(['lockscreen', 'wipefull', 'wipepartial'])

    const companyAndroid = await enrollOne(world, token, { mdmtype: 'android' })
    expect(companyAndroid).toMatchObject({
      displayname: "Anna's Pixel 8",
      type: 4,
      modelname: 'Google Pixel 8',
      androidforworktype: 3,
      passwordenabled: true,
      location: null,
    })
    expect(companyAndroid.serialnumber).toMatch(/^\d{5}[\dA-Z]{9}$/)
    expect(isImei(companyAndroid.imei)).toBe(true)
    expect(visible(companyAndroid)).toEqual([
      'enablelostmode',
      'lockscreen',
      'requestlocation',
      'resetpasscode',
      'wipefull',
    ])

    // `mac` means nothing for Android; a personal device keeps its hardware ids to itself.
    const ben = await world.login('ben')
    const workProfile = await enrollOne(world, ben, { mdmtype: 'android', byod: true, mac: true })
    expect(workProfile).toMatchObject({
      displayname: 'Bens Galaxy S24',
      usersid: BEN_SID,
      androidforworktype: 2,
      serialnumber: null,
      imei: null,
    })
    expect(visible(workProfile)).toEqual(['lockscreen', 'resetpasscode', 'wipefull'])
  })

  it('repeated downloads of one kind before the device arrived are one device; a later download is another', async () => {
    const world = api.world()
    const token = await world.login('anna')
    const before = (await world.devices(token)).length
    const json = encodeURIComponent(JSON.stringify({ token, mdmtype: 'android' }))
    await world.call('user/mdmprofile', { token, mdmtype: 'android' })
    await world.call('user/mdmprofile', { token, mdmtype: 'android' })
    await world.inject({ method: 'GET', url: `/api/mdm/v2/user/mdmprofile?json=${json}` })
    await world.call('user/mdmprofile', { token, mdmtype: 'apple' })
    // A Pixel and an iPhone arrive and get their mandatory apps: Expense Tracker and VPN Connect,
    // Secure Mail.
    expect(await world.control('complete')).toMatchObject({ completed: 5 })
    const arrived = (await world.devices(token)).slice(before)
    expect(arrived.map((device) => device.displayname)).toEqual([
      "Anna's Pixel 8",
      "Anna's iPhone 15",
    ])

    await world.call('user/mdmprofile', { token, mdmtype: 'android' })
    expect(await world.control('complete')).toMatchObject({ completed: 3 })
    const later = (await world.devices(token)).slice(before + 2)
    expect(later.map((device) => device.displayname)).toEqual(["Anna's Pixel 8 (2)"])
  })

  it('the html page enrolls nothing itself; following its download link does', async () => {
    const world = api.world()
    const token = await world.login('ben')
    const before = (await world.devices(token)).length
    const page = await world.call('user/mdmprofile', {
      token,
      mdmtype: 'android',
      byod: true,
      html: true,
    })
    expect(page.contentType).toBe('text/html; charset=utf-8')
    expect(await world.control('complete')).toMatchObject({ completed: 0 })
    expect(await world.devices(token)).toHaveLength(before)

    const href = /<a href="([^"]+)"/.exec(page.text)?.[1]?.replace(/&amp;/g, '&') ?? ''
    const file = await world.inject({ method: 'GET', url: `/api/mdm/v2/user/${href}` })
    expect(file.contentType).toBe('application/json; charset=utf-8')
    await world.control('complete')
    expect((await world.devices(token)).map((device) => device.displayname)).toContain(
      'Bens Galaxy S24',
    )
  })

  it('a new device is sent the mandatory apps of its user, installing until the device answers', async () => {
    const world = api.world()
    const token = await world.login('anna')
    await world.control('settings', { commandDelayMs: 3000 })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    let clientid: string | undefined
    try {
      await world.call('user/mdmprofile', { token, mdmtype: 'apple' })
      vi.advanceTimersByTime(3000)
      const devices = await world.devices(token)
      clientid = devices.find((device) => device.displayname === "Anna's iPhone 15")?.clientid
      const status = async () =>
        Object.fromEntries((await world.apps(token, clientid)).map((app) => [app.id, app.status]))
      // Secure Mail is mandatory; Team Chat is optional and the Android apps do not fit.
      expect(await status()).toMatchObject({ EA12: 1, AU8: 0, EA20: 0 })
      vi.advanceTimersByTime(3000)
      expect(await status()).toMatchObject({ EA12: 3, AU8: 0, EA20: 0 })
    } finally {
      vi.useRealTimers()
    }
  })

  it('no device arrives for a refused download or for a user deleted meanwhile; 0 ms makes it arrive at once', async () => {
    const world = api.world()
    const ben = await world.login('ben')
    expectFailure(
      await world.call('user/mdmprofile', { token: ben, mdmtype: 'apple', byod: true }),
      'managedAppleIdRequired',
    )
    const tenantDevices = async () =>
      (await world.call('device/list', {}, ADMIN_KEY)).json.totalcount
    const before = await tenantDevices()
    await world.call('user/mdmprofile', { token: ben, mdmtype: 'android' })
    expectSuccess(await world.call('user/delete', { sid: BEN_SID }, ADMIN_KEY))
    expect(await world.control('complete')).toMatchObject({ completed: 0 })
    expect(await tenantDevices()).toBe(before)

    await world.control('settings', { commandDelayMs: 0 })
    const anna = await world.login('anna')
    await world.call('user/mdmprofile', { token: anna, mdmtype: 'apple', mac: true })
    const names = (await world.devices(anna)).map((device) => device.displayname)
    expect(names).toContain("Anna's MacBook Air")
  })

  it('closing the server stops the timers of devices being enrolled; a reset forgets them', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      const { server, world, token } = await ownServer({ commandDelayMs: 5_000 })
      const before = vi.getTimerCount()
      await world.call('user/mdmprofile', { token, mdmtype: 'apple' })
      await world.call('user/mdmprofile', { token, mdmtype: 'android', byod: true })
      expect(vi.getTimerCount()).toBe(before + 2)
      await world.control('reset')
      expect(vi.getTimerCount()).toBe(before)
      await world.call('user/mdmprofile', { token: await world.login('anna'), mdmtype: 'apple' })
      expect(vi.getTimerCount()).toBe(before + 1)
      await server.close()
      expect(vi.getTimerCount()).toBe(before)
    } finally {
      vi.useRealTimers()
    }
  })
})
