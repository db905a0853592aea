import { describe, expect, it } from 'vitest'
import {
  DE,
  DEMO,
  expectFailure,
  expectSuccess,
  PORTAL_URL,
  sharedApi,
  TestWorld,
} from '../test-client.ts'

const api = sharedApi()

const login = (world: TestWorld, username: string, password: string) =>
  world.call('user/login', { type: 'basic', usertype: 'user', username, password })

function tokenOf(link: string | undefined): string {
  const token = new URL(link ?? 'http://x').searchParams.get('token')
  if (!token) throw new Error(`no token in ${link}`)
  return token
}

async function resetLinkFor(world: TestWorld, emailaddress: string): Promise<string> {
  expectSuccess(await world.call('user/forgotpassword', { emailaddress, usertype: 'user' }))
  const [mail] = await world.outbox()
  expect(mail).toMatchObject({ to: emailaddress, kind: 'reset' })
  return tokenOf(mail?.links[0])
}

describe('change password', () => {
  it('checks confirmation, rules and the old password, then sends a confirmation e-mail', async () => {
    const world = api.world()
    const token = await world.login('anna')
    const change = (oldpassword: string, newpassword: string, confirmnewpassword = newpassword) =>
      world.call('user/changepassword', { token, oldpassword, newpassword, confirmnewpassword })
    expectFailure(await change('Demo-Pass-1', 'New-Pass-22', 'New-Pass-23'), 'passwordsDoNotMatch')
    expect(expectFailure(await change('Demo-Pass-1', 'onlyletters'), 'passwordTooWeak')).toBe(
      'The password must have at least 8 characters, with at least one letter and one digit.',
    )
    expectFailure(await change('Demo-Pass-1', 'Ab1'), 'passwordTooWeak')
    expectFailure(await change('wrong', 'New-Pass-22'), 'oldPasswordWrong')
    expectSuccess(await change('Demo-Pass-1', 'New-Pass-22'))
    expectFailure(await login(world, 'anna@example.com', 'Demo-Pass-1'), 'wrongCredentials')
    expectSuccess(await login(world, 'anna@example.com', 'New-Pass-22'))
    expect((await world.outbox())[0]).toMatchObject({
      to: 'anna@example.com',
      kind: 'passwordChanged',
      language: 'en',
      links: [`${PORTAL_URL}/`],
    })
  })

  it('an administrator changes their own password too', async () => {
    const world = api.world()
    const body = {
      oldpassword: 'Admin-Demo-1',
      newpassword: 'Admin-Demo-2',
      confirmnewpassword: 'Admin-Demo-2',
    }
    expectSuccess(
      await world.call('user/changepassword', body, { authorization: 'Api-Key demo-api-key' }),
    )
    expectSuccess(
      await world.call('user/login', { type: 'basic', ...DEMO.admin, password: 'Admin-Demo-2' }),
    )
  })
})

describe('forgot and reset password', () => {
  it('User rule 3 and Errors rule 3: forgot password always succeeds and mails only existing users', async () => {
    const world = api.world()
    const before = (await world.outbox()).length
    expectSuccess(
      await world.call('user/forgotpassword', {
        emailaddress: 'nobody@example.com',
        usertype: 'user',
      }),
    )
    expectSuccess(
      await world.call('user/forgotpassword', {
        emailaddress: 'anna@example.com',
        usertype: 'admin',
      }),
    )
    // "always successful": fields that name no account are no exception.
    for (const body of [
      {},
      { emailaddress: 5 },
      { emailaddress: 'anna@example.com', usertype: 'root' },
    ]) {
      expectSuccess(await world.call('user/forgotpassword', body))
    }
    expect(await world.outbox()).toHaveLength(before)
    const token = await resetLinkFor(world, 'ben@example.com')
    const [mail] = await world.outbox()
    expect(mail).toMatchObject({ language: 'de', subject: 'Passwort zurücksetzen' })
    expect(mail?.links[0]).toBe(
      `${PORTAL_URL}/reset-password?token=${token}&email=${encodeURIComponent('ben@example.com')}`,
    )
    expect(mail?.text).toContain(mail?.links[0])
  })

  it('User rule 5: reset password info greets the user by display name', async () => {
    const world = api.world()
    const token = await resetLinkFor(world, 'anna@example.com')
    const info = await world.call('user/resetpasswordinfo', { token })
    expectSuccess(info)
    expect(info.json.userresetpasswordinfo).toEqual({ displayname: 'Anna Berger' })
  })

  it('User rule 4: reset password sets the password and sends the confirmation; the token works once', async () => {
    const world = api.world()
    const token = await resetLinkFor(world, 'anna@example.com')
    const body = { token, newpassword: 'Fresh-Pass-9', confirmnewpassword: 'Fresh-Pass-9' }
    expectFailure(
      await world.call('user/resetpassword', { ...body, confirmnewpassword: 'other' }),
      'passwordsDoNotMatch',
    )
    expectSuccess(await world.call('user/resetpassword', body))
    expectSuccess(await login(world, 'anna@example.com', 'Fresh-Pass-9'))
    expect((await world.outbox())[0]).toMatchObject({
      kind: 'passwordChanged',
      to: 'anna@example.com',
    })
    const again = await world.call('user/resetpassword', body, DE)
    expect(expectFailure(again, 'invalidResetToken')).toBe(
      'Der Link zum Zurücksetzen des Passworts ist ungültig, schon benutzt oder abgelaufen.',
    )
    expect(again.json.errorcode).toBe('03100004')
    expectFailure(await world.call('user/resetpasswordinfo', { token }), 'invalidResetToken')
  })

  it('reset tokens are valid for 24 hours', async () => {
    const world = api.world()
    const token = await resetLinkFor(world, 'anna@example.com')
    await world.control('clock', { advanceMs: 24 * 3_600_000 + 1 })
    expectFailure(await world.call('user/resetpasswordinfo', { token }), 'invalidResetToken')
  })

  it('User rule 4: the invitation of a fresh world sets the first password and leads on to enrollment (join)', async () => {
    const world = api.world()
    const [invitation] = await world.outbox()
    expect(invitation).toMatchObject({ to: 'new@example.com', kind: 'invitation' })
    const link = invitation?.links[0] ?? ''
    expect(new URL(link).searchParams.get('join')).toBe('1')
    const token = tokenOf(link)
    expect(
      (await world.call('user/resetpasswordinfo', { token })).json.userresetpasswordinfo,
    ).toEqual({ displayname: 'Nina Neumann' })
    expectSuccess(
      await world.call('user/resetpassword', {
        token,
        newpassword: 'Nina-Pass-1',
        confirmnewpassword: 'Nina-Pass-1',
        join: 'true',
      }),
    )
    const [enrollment] = await world.outbox()
    expect(enrollment).toMatchObject({
      kind: 'enrollment',
      to: 'new@example.com',
      language: 'de',
      links: [`${PORTAL_URL}/enroll`],
    })
    expectSuccess(await login(world, 'new@example.com', 'Nina-Pass-1'))
  })
})

describe('tokens end with the password', () => {
  it('a change ends every other session of the account; the one that made it goes on', async () => {
    const world = api.world()
    const here = await world.login('anna')
    const elsewhere = await world.login('anna')
    const ben = await world.login('ben')
    expectSuccess(
      await world.call('user/changepassword', {
        token: here,
        oldpassword: 'Demo-Pass-1',
        newpassword: 'New-Pass-22',
        confirmnewpassword: 'New-Pass-22',
      }),
    )
    expectSuccess(await world.call('device/list', { token: here }))
    expectFailure(await world.call('device/list', { token: elsewhere }), 'unauthorized', 401)
    expectFailure(await world.call('user/renewtoken', { token: elsewhere }), 'unauthorized', 401)
    expectSuccess(await world.call('device/list', { token: ben }))
  })

  it('a reset ends every session of the account', async () => {
    const world = api.world()
    const token = await world.login('anna')
    const reset = await resetLinkFor(world, 'anna@example.com')
    expectSuccess(
      await world.call('user/resetpassword', {
        token: reset,
        newpassword: 'Fresh-Pass-9',
        confirmnewpassword: 'Fresh-Pass-9',
      }),
    )
    expectFailure(await world.call('device/list', { token }), 'unauthorized', 401)
  })
})
