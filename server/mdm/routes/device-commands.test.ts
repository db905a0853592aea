import { describe, expect, it, vi } from 'vitest'
import { DEVICE_IDS } from '../demo/demo-ids.ts'
import { DE, expectFailure, expectSuccess, sharedApi } from '../test-client.ts'

const api = sharedApi()

const { annaIphone, annaPixel, annaMac, benGalaxy } = DEVICE_IDS

const anna = () => api.signedIn('anna')

describe('devices that answer', () => {
  it('Device rule 1: lock screen is pending (status 1) until the device answers, then done', async () => {
    const { world, token } = await anna()
    const before = await world.device(token, annaIphone)
    expectSuccess(
      await world.call('device/lockscreen', {
        token,
        clientid: annaIphone,
        message: 'Please call',
        phonenumber: '+49 89 1',
      }),
    )
    expect((await world.device(token, annaIphone)).actions.lockscreen).toEqual({
      status: 1,
      visible: true,
    })
    expect(await world.control('complete')).toMatchObject({ completed: 1 })
    const after = await world.device(token, annaIphone)
    expect(after.actions.lockscreen.status).toBe(0)
    expect(after.lastcontact?.getTime()).toBeGreaterThan(before.lastcontact?.getTime() ?? Infinity)
  })

  it('Device rule 7: after the command delay (3 s by default) the simulated device answers by itself', async () => {
    const { world, token } = await anna()
    await world.control('settings', { commandDelayMs: 3000 })
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      await world.call('device/lockscreen', { token, clientid: annaPixel })
      vi.advanceTimersByTime(2999)
      expect((await world.device(token, annaPixel)).actions.lockscreen.status).toBe(1)
      vi.advanceTimersByTime(1)
      expect((await world.device(token, annaPixel)).actions.lockscreen.status).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it('Device rule 7: no second command while one of the same type is open', async () => {
    const { world, token } = await anna()
    expectSuccess(await world.call('device/lockscreen', { token, clientid: annaIphone }))
    expectSuccess(await world.call('device/lockscreen', { token, clientid: annaIphone }))
    expectSuccess(await world.call('device/requestapplist', { token, clientid: annaIphone }))
    expectSuccess(await world.call('device/requestapplist', { token, clientid: annaIphone }))
    expect(await world.control('complete')).toMatchObject({ completed: 2 })
  })

  it('Device rule 1: a Mac is locked with or without its macpin ("optional, 6 digits, macOS only"); a malformed one fails', async () => {
    const { world, token } = await anna()
    expectSuccess(await world.call('device/lockscreen', { token, clientid: annaMac }))
    expect(
      expectFailure(
        await world.call('device/lockscreen', { token, clientid: annaMac, macpin: '12345' }, DE),
        'macPinInvalid',
      ),
    ).toContain('6 Ziffern')
    expectSuccess(
      await world.call('device/lockscreen', { token, clientid: annaMac, macpin: '123456' }),
    )
  })

  it('Device rule 2: a full wipe resets the device (wiped, no longer managed) after it answers; a Mac’s macpin has 6 digits', async () => {
    const { world, token } = await anna()
    expectFailure(
      await world.call('device/wipe', { token, clientid: annaMac, macpin: 'abcdef' }),
      'macPinInvalid',
    )
    expectSuccess(await world.call('device/wipe', { token, clientid: annaIphone }))
    expect((await world.device(token, annaIphone)).actions.wipefull.status).toBe(1)
    await world.control('complete')
    const wiped = await world.device(token, annaIphone)
    expect(wiped).toMatchObject({ wiped: true, managed: false, lostmodeenabled: false })
    expect(Object.values(wiped.actions).every((action) => !action.visible)).toBe(true)
    expect((await world.devices(token, { wiped: true })).map((device) => device.clientid)).toEqual([
      annaIphone,
    ])
  })

  it('Device rule 2: a partial wipe removes only the management', async () => {
    const { world, token } = await anna()
    expectSuccess(await world.call('device/wipe', { token, clientid: annaMac, partial: true }))
    await world.control('complete')
    expect(await world.device(token, annaMac)).toMatchObject({
      managed: false,
      mdmprofileremoved: true,
      wiped: false,
    })
    expectFailure(
      await world.call('device/wipe', { token, clientid: annaPixel, partial: 'true' }),
      'actionNotAvailable',
    )
  })

  it('Device rule 2: a full wipe of an Android work profile removes the work profile only', async () => {
    const world = api.world()
    const token = await world.login('ben')
    expectSuccess(await world.call('device/wipe', { token, clientid: benGalaxy }))
    await world.control('complete')
    expect(await world.device(token, benGalaxy)).toMatchObject({
      managed: false,
      mdmprofileremoved: true,
      wiped: false,
    })
  })

  it('Device rule 8: an administrator works on any device of the tenant', async () => {
    const world = api.world()
    const token = await world.login('admin')
    expectSuccess(await world.call('device/lockscreen', { token, clientid: benGalaxy }))
    expectSuccess(
      await world.call(
        'device/lockscreen',
        { clientid: annaPixel },
        { authorization: 'Api-Key demo-api-key' },
      ),
    )
    expect(await world.control('complete')).toMatchObject({ completed: 2 })
  })
})

describe('what each kind of device offers', () => {
  const visible = (actions: Record<string, { visible: boolean }>) =>
    Object.entries(actions)
      .filter(([, action]) => action.visible)
      .map(([name]) => name)
      .sort()

  it('an iOS supervised device, a Mac, an Android fully managed device and an Android work profile', async () => {
    const world = api.world()
    const token = await world.login('admin')
    const actionsOf = async (clientid: string) =>
      visible((await world.device(token, clientid)).actions)
    expect(await actionsOf(annaIphone)).toEqual([
      'enablelostmode',
      'lockscreen',
      'resetpasscode',
      'wipefull',
      'wipepartial',
    ])
    expect(await actionsOf(annaMac)).toEqual(['lockscreen', 'wipefull', 'wipepartial'])
    expect(await actionsOf(annaPixel)).toEqual([
      'enablelostmode',
      'lockscreen',
      'requestlocation',
      'resetpasscode',
      'wipefull',
    ])
    expect(await actionsOf(benGalaxy)).toEqual(['lockscreen', 'resetpasscode', 'wipefull'])
  })

  it('an iOS user enrollment only offers removing the managed data; anything else fails with its own code', async () => {
    const world = api.world()
    const token = await world.login('lena')
    const device = await world.device(token, DEVICE_IDS.lenaIphone)
    expect(visible(device.actions)).toEqual(['wipepartial'])
    const lock = await world.call('device/lockscreen', { token, clientid: DEVICE_IDS.lenaIphone })
    expect(expectFailure(lock, 'actionNotAvailable')).toBe(
      'The action "lockscreen" is not available on this device.',
    )
    expect(
      expectFailure(
        await world.call('device/wipe', { token, clientid: DEVICE_IDS.lenaIphone }, DE),
        'actionNotAvailable',
      ),
    ).toBe('Die Aktion „wipefull“ ist auf diesem Gerät nicht verfügbar.')
    expectSuccess(
      await world.call('device/wipe', { token, clientid: DEVICE_IDS.lenaIphone, partial: true }),
    )
  })

  it('a wiped device offers nothing, not even an app list refresh', async () => {
    const world = api.world()
    const token = await world.login('lena')
    const device = await world.device(token, DEVICE_IDS.oldIpad)
    expect(visible(device.actions)).toEqual([])
    expectFailure(
      await world.call('device/requestapplist', { token, clientid: DEVICE_IDS.oldIpad }),
      'actionNotAvailable',
    )
  })
})
