import { describe, expect, it } from 'vitest'
import { userCreateResultSchema, userListResultSchema } from '../../../contract/schemas.ts'
import { ANNA_SID, BEN_SID, DEVICE_IDS, LENA_SID } from '../demo/demo-ids.ts'
import { DE, expectFailure, expectSuccess, PORTAL_URL, sharedApi } from '../test-client.ts'

const api = sharedApi()

const ADMIN_KEY = { authorization: 'Api-Key demo-api-key' }

describe('user info and list', () => {
  it('User rule 1: a user gets their own record; sid is ignored', async () => {
    const world = api.world()
    const token = await world.login('anna')
    const answer = await world.call('user/info', { token, sid: BEN_SID })
    expect(answer.json.userinfo).toEqual({
      sid: ANNA_SID,
      email: 'anna@example.com',
      displayname: 'Anna Berger',
      firstname: 'Anna',
      lastname: 'Berger',
      phone: '+49 89 1234567',
      managedappleid: 'anna.berger@appleid.example.com',
      enabled: true,
    })
  })

  it('User rule 1: an administrator reads a user by sid, or without sid their own record with enabled false', async () => {
    const world = api.world()
    const ben = await world.call('user/info', { sid: BEN_SID }, ADMIN_KEY)
    expect(ben.json.userinfo).toMatchObject({
      email: 'ben@example.com',
      managedappleid: null,
      enabled: true,
    })
    const own = await world.call('user/info', {}, ADMIN_KEY)
    expect(own.json.userinfo).toMatchObject({ email: 'admin@example.com', enabled: false })
    expectFailure(await world.call('user/info', { sid: LENA_SID }, ADMIN_KEY), 'userNotFound', 404)
  })

  it('list answers the users of the administrator tenant', async () => {
    const world = api.world()
    const answer = await world.call('user/list', {}, ADMIN_KEY)
    const list = userListResultSchema.parse(answer.json)
    expect(list).toMatchObject({ pageindex: 1, pagecount: 1, totalcount: 3 })
    expect(list.data.map((user) => user.email)).toEqual([
      'anna@example.com',
      'ben@example.com',
      'new@example.com',
    ])
  })
})

describe('create user', () => {
  it('User rule 2: creates the user in the admin tenant, emailculture de-DE by default, with an invitation in German', async () => {
    const world = api.world()
    const answer = await world.call(
      'user/create',
      { email: 'Clara@Example.com', firstname: 'Clara', lastname: 'Schmidt' },
      ADMIN_KEY,
    )
    expectSuccess(answer)
    const { data } = userCreateResultSchema.parse(answer.json)
    expect(data.warningmessage).toBeNull()
    const info = await world.call('user/info', { sid: data.sid }, ADMIN_KEY)
    expect(info.json.userinfo).toMatchObject({
      email: 'clara@example.com',
      displayname: 'Clara Schmidt',
      enabled: true,
    })
    const [invitation] = await world.outbox()
    expect(invitation).toMatchObject({
      to: 'clara@example.com',
      kind: 'invitation',
      language: 'de',
      subject: 'Ihr Konto für das Geräteportal',
    })
    expect(invitation?.links[0]).toMatch(
      new RegExp(`^${PORTAL_URL}/reset-password\\?token=[\\w-]+&join=1&email=[^&]+$`),
    )
  })

  it('User rule 2: sendemail false sends nothing; en-US gets an English invitation', async () => {
    const world = api.world()
    const quiet = await world.call(
      'user/create',
      { email: 'quiet@example.com', sendemail: 'false' },
      ADMIN_KEY,
    )
    expect(userCreateResultSchema.parse(quiet.json).data.warningmessage).toBeNull()
    expect(await world.outbox()).toHaveLength(1)
    await world.call(
      'user/create',
      { email: 'eve@example.com', emailculture: 'en-US', sendemail: true },
      ADMIN_KEY,
    )
    expect((await world.outbox())[0]).toMatchObject({
      to: 'eve@example.com',
      language: 'en',
      subject: 'Your account for the device portal',
    })
  })

  it('Errors rule 4: success with a warningmessage when only a non-essential subtask failed', async () => {
    const world = api.world()
    const group = await world.call(
      'user/create',
      { email: 'group@example.com', grouptemplateid: 42 },
      ADMIN_KEY,
    )
    expectSuccess(group)
    expect(userCreateResultSchema.parse(group.json).data.warningmessage).toBe(
      'The group template 42 does not exist; the user was added to the default group.',
    )
    const bounce = await world.call(
      'user/create',
      { email: 'someone@bounce.invalid' },
      { ...ADMIN_KEY, ...DE },
    )
    expect(userCreateResultSchema.parse(bounce.json).data.warningmessage).toBe(
      'Der Benutzer wurde angelegt, aber die Einladung an someone@bounce.invalid konnte nicht zugestellt werden.',
    )
  })

  it('an existing address, a bad address or a weak password fail and create nothing', async () => {
    const world = api.world()
    expect(
      expectFailure(
        await world.call('user/create', { email: 'ANNA@example.com' }, ADMIN_KEY),
        'userAlreadyExists',
      ),
    ).toBe('A user with the e-mail address anna@example.com already exists.')
    expect(
      expectFailure(
        await world.call('user/create', { email: 'not-an-address' }, ADMIN_KEY),
        'invalidField',
      ),
    ).toBe('The field "email" must be an e-mail address.')
    expectFailure(
      await world.call('user/create', { email: 'weak@example.com', password: 'short' }, ADMIN_KEY),
      'passwordTooWeak',
    )
    expectFailure(
      await world.call('user/create', { email: 'x@example.com', emailculture: 'fr-FR' }, ADMIN_KEY),
      'invalidField',
    )
    expect((await world.call('user/list', {}, ADMIN_KEY)).json.totalcount).toBe(3)
  })

  it('a user created with a password can log in at once', async () => {
    const world = api.world()
    await world.call(
      'user/create',
      { email: 'dora@example.com', password: 'Dora-Pass-1', sendemail: false },
      ADMIN_KEY,
    )
    expectSuccess(
      await world.call('user/login', {
        type: 'basic',
        usertype: 'user',
        username: 'dora@example.com',
        password: 'Dora-Pass-1',
      }),
    )
  })
})

describe('delete user', () => {
  it('User rule 7: the user goes, their tokens stop working, their devices stay without an owner', async () => {
    const world = api.world()
    const benToken = await world.login('ben')
    expectSuccess(await world.call('user/delete', { sid: BEN_SID }, ADMIN_KEY))
    expectFailure(await world.call('device/list', { token: benToken }), 'unauthorized', 401)
    expectFailure(
      await world.call('user/login', {
        type: 'basic',
        usertype: 'user',
        username: 'ben@example.com',
        password: 'Demo-Pass-2',
      }),
      'wrongCredentials',
    )
    const device = await world.call('device/info', { clientid: DEVICE_IDS.benGalaxy }, ADMIN_KEY)
    expect(device.json.deviceinfo).toMatchObject({ usersid: null, displayname: 'Bens Galaxy S23' })
    expectFailure(await world.call('user/delete', { sid: BEN_SID }, ADMIN_KEY), 'userNotFound', 404)
    expectFailure(
      await world.call('user/delete', { sid: LENA_SID }, ADMIN_KEY),
      'userNotFound',
      404,
    )
    expectFailure(await world.call('user/delete', {}, ADMIN_KEY), 'invalidField')
  })
})
