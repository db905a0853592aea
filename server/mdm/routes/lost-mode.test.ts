import { describe, expect, it } from 'vitest'
import { DEVICE_IDS } from '../demo/demo-ids.ts'
import { DE, expectFailure, expectSuccess, sharedApi } from '../test-client.ts'

const api = sharedApi()

const { annaIphone, annaPixel, annaMac } = DEVICE_IDS

const anna = () => api.signedIn('anna')

describe('lost mode, location and passcode', () => {
  it('Device rule 3: enable lost mode needs message or phonenumber', async () => {
    const { world, token } = await anna()
    const none = await world.call('device/enablelostmode', {
      token,
      clientid: annaIphone,
      footnote: 'Reward',
      message: '  ',
    })
    expect(expectFailure(none, 'lostModeContactRequired')).toBe(
      'Lost mode needs a message or a phone number.',
    )
    expect(
      expectFailure(
        await world.call('device/enablelostmode', { token, clientid: annaIphone }, DE),
        'lostModeContactRequired',
      ),
    ).toContain('Telefonnummer')
    expectSuccess(
      await world.call('device/enablelostmode', {
        token,
        clientid: annaIphone,
        phonenumber: '+49 89 1234567',
      }),
    )
  })

  it('Device rule 3: lost mode on an iPhone flips the lost-mode actions and makes location requests possible', async () => {
    const { world, token } = await anna()
    expectFailure(
      await world.call('device/requestlocation', { token, clientid: annaIphone }),
      'actionNotAvailable',
    )
    await world.call('device/enablelostmode', {
      token,
      clientid: annaIphone,
      message: 'Lost phone',
    })
    expect((await world.device(token, annaIphone)).actions.enablelostmode).toEqual({
      status: 1,
      visible: true,
    })
    await world.control('complete')
    const lost = await world.device(token, annaIphone)
    expect(lost.lostmodeenabled).toBe(true)
    expect(lost.recoverytoken ?? null).toBeNull()
    expect(lost.actions).toMatchObject({
      enablelostmode: { visible: false },
      disablelostmode: { visible: true },
      requestlocation: { visible: true },
    })

    // Device rule 5: a location request only triggers; the new location is read through device info.
    expectSuccess(await world.call('device/requestlocation', { token, clientid: annaIphone }))
    expect((await world.device(token, annaIphone)).location).toBeNull()
    await world.control('complete')
    const located = await world.device(token, annaIphone)
    expect(located.location).toMatchObject({
      latitude: expect.any(Number),
      longitude: expect.any(Number),
    })
    expect(Date.now() - (located.location?.timestamp?.getTime() ?? 0)).toBeLessThan(60_000)

    // Device rule 4: disable lost mode reverses it.
    expectSuccess(await world.call('device/disablelostmode', { token, clientid: annaIphone }))
    await world.control('complete')
    const found = await world.device(token, annaIphone)
    expect(found.lostmodeenabled).toBe(false)
    expect(found.actions).toMatchObject({
      enablelostmode: { visible: true },
      disablelostmode: { visible: false },
      requestlocation: { visible: false },
    })
    expectFailure(
      await world.call('device/disablelostmode', { token, clientid: annaIphone }),
      'actionNotAvailable',
    )
  })

  it('Device rule 3: Android lost mode needs a password and gives a recovery token', async () => {
    const { world, token } = await anna()
    expectFailure(
      await world.call('device/enablelostmode', { token, clientid: annaPixel, message: 'Lost' }),
      'androidPasswordRequired',
    )
    expectSuccess(
      await world.call('device/enablelostmode', {
        token,
        clientid: annaPixel,
        message: 'Lost',
        password: '4711',
      }),
    )
    await world.control('complete')
    const lost = await world.device(token, annaPixel)
    expect(lost.recoverytoken).toMatch(/^[0-9A-F-]{14}$/)
    await world.call('device/disablelostmode', { token, clientid: annaPixel })
    await world.control('complete')
    expect((await world.device(token, annaPixel)).recoverytoken ?? null).toBeNull()
  })

  it('Device rule 5: an Android location request stores a new location near the last one', async () => {
    const { world, token } = await anna()
    const before = (await world.device(token, annaPixel)).location
    await world.call('device/requestlocation', { token, clientid: annaPixel })
    await world.control('complete')
    const after = (await world.device(token, annaPixel)).location
    expect(after?.timestamp?.getTime()).toBeGreaterThan(before?.timestamp?.getTime() ?? Infinity)
    expect(Math.abs((after?.latitude ?? 0) - (before?.latitude ?? 0))).toBeLessThan(0.01)
  })

  it('Device rule 6: reset passcode needs a password on Android and ignores it on Apple devices', async () => {
    const { world, token } = await anna()
    expect(
      expectFailure(
        await world.call('device/resetpasscode', { token, clientid: annaPixel }),
        'androidPasswordRequired',
      ),
    ).toBe('Android devices need a password for this action.')
    expectSuccess(
      await world.call('device/resetpasscode', { token, clientid: annaPixel, password: '2468' }),
    )
    expectSuccess(
      await world.call('device/resetpasscode', {
        token,
        clientid: annaIphone,
        password: 'ignored',
      }),
    )
    await world.control('complete')
    expect((await world.device(token, annaIphone)).actions.resetpasscode.status).toBe(0)
    expectFailure(
      await world.call('device/resetpasscode', { token, clientid: annaMac }),
      'actionNotAvailable',
    )
  })
})
