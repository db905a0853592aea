import { describe, expect, it } from 'vitest'
import { ANNA_SID, DEVICE_IDS } from '../demo/demo-ids.ts'
import { MAX_SESSIONS } from '../model/tokens.ts'
import {
  DE,
  DEMO,
  deviceNames,
  expectFailure,
  expectSuccess,
  sharedApi,
  startApi,
  TestWorld,
} from '../test-client.ts'

const api = sharedApi()

const ADMIN_KEY = { authorization: 'Api-Key demo-api-key' }
const OPS_KEY = { authorization: 'Api-Key ops-api-key' }

describe('login', () => {
  it('Authentication: a user logs in with type basic and gets an opaque random token', async () => {
    const world = api.world()
    const first = await world.login('anna')
    const second = await world.login('anna')
    expect(first).toMatch(/^[\w-]{43,}$/)
    expect(first).not.toBe(second)
    const info = await world.call('user/info', { token: first })
    expect(info.json.userinfo).toMatchObject({ sid: ANNA_SID, email: 'anna@example.com' })
  })

  it('Authentication: a wrong password and an unknown user get the same wrongCredentials failure', async () => {
    const world = api.world()
    const wrong = await world.call('user/login', { ...DEMO.anna, type: 'basic', password: 'nope' })
    const unknown = await world.call('user/login', {
      ...DEMO.anna,
      type: 'basic',
      username: 'who@example.com',
    })
    expect(expectFailure(wrong, 'wrongCredentials')).toBe(
      expectFailure(unknown, 'wrongCredentials'),
    )
    expect(wrong.json).not.toHaveProperty('token')
    expect(
      expectFailure(
        await world.call('user/login', { type: 'basic', usertype: 'user' }),
        'invalidField',
      ),
    ).toBe('The field "username" is missing.')
  })

  it('an unknown, an invited and an existing account answer a wrong password alike', async () => {
    const world = api.world()
    const attempt = (username: string) =>
      world.call(
        'user/login',
        { type: 'basic', usertype: 'user', username, password: 'Wrong-Pass-1' },
        DE,
      )
    const answers = [
      await attempt('nobody@example.com'),
      await attempt('new@example.com'),
      await attempt('ben@example.com'),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.json).toEqual(answers[0]?.json)
    }
    expect(expectFailure(answers[0] ?? (await attempt('x')), 'wrongCredentials')).toBe(
      'Benutzername oder Passwort ist falsch.',
    )
  })

  // Twenty sign-ins (scrypt each) take a while on a busy machine: a longer timeout.
  it('signing in elsewhere leaves the other sessions alone, up to MAX_SESSIONS of them', async () => {
    const world = api.world()
    const first = await world.login('anna')
    const second = await world.login('anna')
    expectSuccess(await world.call('device/list', { token: first }))
    expectSuccess(await world.call('device/list', { token: second }))
    for (let more = 2; more < MAX_SESSIONS; more++) await world.login('anna')
    expectSuccess(await world.call('device/list', { token: first }))
    await world.login('anna')
    expectFailure(await world.call('device/list', { token: first }), 'unauthorized', 401)
    expectSuccess(await world.call('device/list', { token: second }))
  }, 120_000)

  it('Authentication: type microsoft fails clearly while no identity provider is configured', async () => {
    const world = api.world()
    const answer = await world.call('user/login', {
      type: 'microsoft',
      usertype: 'user',
      token: 'demo-idp:anna@example.com',
    })
    expect(expectFailure(answer, 'identityProviderNotConfigured')).toContain('Microsoft')
  })

  it('Authentication: with microsoftIdp on, a demo-idp:<email> token signs the user in', async () => {
    const idpApp = await startApi({ microsoftIdp: true })
    const world = new TestWorld(idpApp)
    const ok = await world.call('user/login', {
      type: 'microsoft',
      usertype: 'user',
      token: 'demo-idp:anna@example.com',
    })
    expectSuccess(ok)
    expect(ok.json.token).toEqual(expect.any(String))
    expectFailure(
      await world.call('user/login', { type: 'microsoft', usertype: 'user', token: 'forged' }),
      'wrongCredentials',
    )
    await idpApp.close()
  })

  it('the demo-idp: shortcut never signs an administrator in', async () => {
    const idpApp = await startApi({ microsoftIdp: true })
    const world = new TestWorld(idpApp)
    const answer = await world.call('user/login', {
      type: 'microsoft',
      usertype: 'admin',
      token: 'demo-idp:admin@example.com',
    })
    expectFailure(answer, 'wrongCredentials')
    expect(answer.json).not.toHaveProperty('token')
    await idpApp.close()
  })
})

describe('administrators', () => {
  it('Authentication rule 1 and 3: an administrator API key travels as Authorization: Api-Key <key>', async () => {
    const world = api.world()
    const list = await world.call('device/list', {}, ADMIN_KEY)
    expectSuccess(list)
    expect(list.json.totalcount).toBe(4)
    expectFailure(
      await world.call('device/list', {}, { authorization: 'Api-Key wrong' }),
      'unauthorized',
      401,
    )
    expectFailure(
      await world.call('device/list', {}, { authorization: 'Bearer demo-api-key' }),
      'unauthorized',
      401,
    )
  })

  it('Authentication rule 4: the access token wins over the API key', async () => {
    const world = api.world()
    const token = await world.login('anna')
    // Anna's user token, even next to a valid administrator key, may not list users.
    expectFailure(await world.call('user/list', { token }, ADMIN_KEY), 'forbidden', 403)
    expectFailure(
      await world.call('user/list', { token: 'invalid' }, ADMIN_KEY),
      'unauthorized',
      401,
    )
    expectSuccess(await world.call('user/list', {}, ADMIN_KEY))
  })

  it('Authentication rule 5: mtcid is mandatory for an administrator of several tenants, optional for one', async () => {
    const world = api.world()
    expectFailure(await world.call('device/list', {}, OPS_KEY), 'mtcidRequired')
    const lab = await world.call('device/list', { mtcid: 'lab' }, OPS_KEY)
    expect(deviceNames(lab)).toEqual(['Lab Tablet', 'Lenas iPhone', 'Old iPad'])
    expectFailure(
      await world.call('device/list', { mtcid: 'elsewhere' }, OPS_KEY),
      'tenantNotAccessible',
      403,
    )
    expectFailure(
      await world.call('device/list', { mtcid: 'lab' }, ADMIN_KEY),
      'tenantNotAccessible',
      403,
    )
    expectSuccess(await world.call('device/list', { mtcid: 'demo' }, ADMIN_KEY))

    const { mtcid: _mtcid, ...withoutTenant } = DEMO.ops
    expectFailure(
      await world.call('user/login', { type: 'basic', ...withoutTenant }),
      'mtcidRequired',
    )
    const token = await world.login('ops')
    expect((await world.call('device/list', { token })).json.totalcount).toBe(4)
    expect((await world.call('device/list', { token, mtcid: 'lab' })).json.totalcount).toBe(3)
    const adminToken = await world.login('admin')
    expect((await world.call('user/info', { token: adminToken })).json.userinfo).toMatchObject({
      email: 'admin@example.com',
      enabled: false,
    })
  })

  it('Convention 4: a user reaches only their own devices, an administrator all of the tenant', async () => {
    const world = api.world()
    const anna = await world.login('anna')
    const ben = await world.login('ben')
    expect((await world.devices(anna)).map((device) => device.displayname)).toEqual([
      "Anna's iPhone",
      "Anna's Pixel",
      "Anna's MacBook Pro",
    ])
    expect((await world.devices(ben)).map((device) => device.displayname)).toEqual([
      'Bens Galaxy S23',
    ])
    expectFailure(
      await world.call('device/info', { token: ben, clientid: DEVICE_IDS.annaIphone }),
      'deviceNotFound',
      404,
    )
    expectFailure(
      await world.call('device/lockscreen', { token: ben, clientid: DEVICE_IDS.annaIphone }),
      'deviceNotFound',
      404,
    )
    expectSuccess(await world.call('device/info', { clientid: DEVICE_IDS.benGalaxy }, ADMIN_KEY))
    expectFailure(
      await world.call('device/info', { clientid: DEVICE_IDS.labTablet }, ADMIN_KEY),
      'deviceNotFound',
      404,
    )
  })

  it('user-only and administrator-only endpoints answer 403 to the other kind', async () => {
    const world = api.world()
    const anna = await world.login('anna')
    const admin = await world.login('admin')
    expectFailure(
      await world.call('user/mdmprofile', { token: admin, mdmtype: 'apple' }),
      'forbidden',
      403,
    )
    expectFailure(
      await world.call('user/mdmprofile', { mdmtype: 'apple' }, ADMIN_KEY),
      'forbidden',
      403,
    )
    for (const path of ['user/list', 'user/create', 'user/delete']) {
      expectFailure(
        await world.call(path, { token: anna, email: 'x@example.com', sid: ANNA_SID }),
        'forbidden',
        403,
      )
    }
  })

  it('login, renewtoken, forgotpassword, resetpassword and resetpasswordinfo need no credential', async () => {
    const world = api.world()
    expectSuccess(await world.call('user/login', { type: 'basic', ...DEMO.anna }))
    expectSuccess(
      await world.call('user/forgotpassword', {
        emailaddress: 'anna@example.com',
        usertype: 'user',
      }),
    )
    expectFailure(
      await world.call('user/resetpasswordinfo', { token: 'unknown' }),
      'invalidResetToken',
    )
    expectFailure(
      await world.call('user/resetpassword', {
        token: 'unknown',
        newpassword: 'Abcdefg-1',
        confirmnewpassword: 'Abcdefg-1',
      }),
      'invalidResetToken',
    )
    expectFailure(await world.call('user/renewtoken', {}), 'unauthorized', 401)
  })
})
