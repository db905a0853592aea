import { describe, expect, it } from 'vitest'
import { delayAfter, FIRST_DELAY_MS, FREE_FAILURES, MAX_DELAY_MS } from '../model/sign-in-delays.ts'
import { DEMO, expectFailure, expectSuccess, sharedApi, type TestWorld } from '../test-client.ts'

/**
 * Wrong passwords slow down the address that sends them, never the account's owner elsewhere:
 * a lock that anyone can trigger with five requests an hour would be a weapon against every
 * account. Sign-in answers still do not tell who has an account or whether a guess was right.
 */
const api = sharedApi()

const GUESSER = '203.0.113.7'
const OWNER = '198.51.100.4'

function callFrom(world: TestWorld, address: string, path: string, body: object) {
  return world.inject({
    method: 'POST',
    url: `/api/mdm/v2/${path}`,
    payload: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
    remoteAddress: address,
  })
}

const signIn = (world: TestWorld, address: string, username: string, password: string) =>
  callFrom(world, address, 'user/login', { type: 'basic', usertype: 'user', username, password })

async function failFrom(world: TestWorld, address: string, username: string, times: number) {
  for (let attempt = 1; attempt <= times; attempt++) {
    expectFailure(
      await signIn(world, address, username, `Wrong-Pass-${attempt}`),
      'wrongCredentials',
    )
  }
}

const advance = (world: TestWorld, advanceMs: number) => world.control('clock', { advanceMs })

describe('sign-in delays', () => {
  it('wrong passwords from one address leave the right password from another address working', async () => {
    const world = api.world()
    // Ten a minute get past the portal's own limit per account and address.
    await failFrom(world, GUESSER, 'ben@example.com', 10)
    expectSuccess(await signIn(world, OWNER, 'ben@example.com', DEMO.ben.password))
    expectSuccess(await signIn(world, OWNER, 'BEN@example.com ', DEMO.ben.password))
  })

  it('after five wrong passwords the address waits 15 s, doubling with every further failure', async () => {
    const world = api.world()
    await failFrom(world, GUESSER, 'ben@example.com', FREE_FAILURES)
    // Refused unchecked, with the answer of a wrong password, though this one is right.
    expectFailure(
      await signIn(world, GUESSER, 'ben@example.com', DEMO.ben.password),
      'wrongCredentials',
    )
    await advance(world, FIRST_DELAY_MS)
    expectFailure(
      await signIn(world, GUESSER, 'ben@example.com', 'Wrong-Pass-6'),
      'wrongCredentials',
    )
    await advance(world, FIRST_DELAY_MS)
    expectFailure(
      await signIn(world, GUESSER, 'ben@example.com', DEMO.ben.password),
      'wrongCredentials',
    )
    await advance(world, FIRST_DELAY_MS)
    expectSuccess(await signIn(world, GUESSER, 'ben@example.com', DEMO.ben.password))
    // The right password starts the address afresh.
    await failFrom(world, GUESSER, 'ben@example.com', FREE_FAILURES - 1)
    expectSuccess(await signIn(world, GUESSER, 'ben@example.com', DEMO.ben.password))
  })

  it('the delays stop growing at 15 minutes, and an hour without failures forgets them', async () => {
    expect([5, 6, 7, 8, 9, 10, 11, 20].map(delayAfter)).toEqual(
      [15, 30, 60, 120, 240, 480, 900, 900].map((seconds) => seconds * 1000),
    )
    const world = api.world()
    for (let failures = 1; failures <= 12; failures++) {
      expectFailure(await signIn(world, GUESSER, 'anna@example.com', 'guess'), 'wrongCredentials')
      await advance(world, delayAfter(failures))
    }
    expectSuccess(await signIn(world, GUESSER, 'anna@example.com', DEMO.anna.password))

    await failFrom(world, GUESSER, 'anna@example.com', FREE_FAILURES)
    await advance(world, 60 * 60_000)
    await failFrom(world, GUESSER, 'anna@example.com', FREE_FAILURES - 1)
    expectSuccess(await signIn(world, GUESSER, 'anna@example.com', DEMO.anna.password))
    expect(MAX_DELAY_MS).toBe(15 * 60_000)
  })

  it('while an address waits, a right password, a wrong one, an unknown and an invited name answer alike', async () => {
    const world = api.world()
    for (const name of ['ben@example.com', 'nobody@example.com', 'new@example.com']) {
      await failFrom(world, GUESSER, name, FREE_FAILURES)
    }
    const answers = [
      await signIn(world, GUESSER, 'ben@example.com', DEMO.ben.password),
      await signIn(world, GUESSER, 'ben@example.com', 'Wrong-Pass-9'),
      await signIn(world, GUESSER, 'nobody@example.com', 'Wrong-Pass-9'),
      await signIn(world, GUESSER, 'new@example.com', 'Wrong-Pass-9'),
    ]
    for (const answer of answers) {
      expect(answer.status).toBe(200)
      expect(answer.json).toEqual(answers[0]?.json)
    }
    expectFailure(answers[0] ?? (await signIn(world, GUESSER, 'x', 'y')), 'wrongCredentials')
  })

  it('parallel guesses cannot slip past the delay: a right one among them is refused unchecked', async () => {
    const world = api.world()
    const guesses = Array.from({ length: 11 }, (_, index) => `Wrong-Pass-${index}`)
    const answers = await Promise.all(
      [...guesses, DEMO.ben.password].map((password) =>
        signIn(world, GUESSER, 'ben@example.com', password),
      ),
    )
    for (const answer of answers) expectFailure(answer, 'wrongCredentials')
    // Only the first five were checked: the address waits the first delay, no longer.
    await advance(world, FIRST_DELAY_MS)
    expectSuccess(await signIn(world, GUESSER, 'ben@example.com', DEMO.ben.password))
  })
})

describe('wrong old passwords of a password change', () => {
  it('count like wrong sign-ins of the account from that address, and slow down only that address', async () => {
    const world = api.world()
    const token = await world.login('anna')
    const change = (oldpassword: string) =>
      callFrom(world, GUESSER, 'user/changepassword', {
        token,
        oldpassword,
        newpassword: 'New-Pass-22',
        confirmnewpassword: 'New-Pass-22',
      })
    for (let attempt = 1; attempt <= FREE_FAILURES; attempt++) {
      expectFailure(await change(`guess-${attempt}`), 'oldPasswordWrong')
    }
    // While the address waits, the old password is not checked: the right one gets the same answer.
    expectFailure(await change(DEMO.anna.password), 'oldPasswordWrong')
    expectFailure(
      await signIn(world, GUESSER, 'anna@example.com', DEMO.anna.password),
      'wrongCredentials',
    )
    expectSuccess(await signIn(world, OWNER, 'anna@example.com', DEMO.anna.password))

    await advance(world, FIRST_DELAY_MS)
    expectSuccess(await change(DEMO.anna.password))
  })
})

describe('a password reset', () => {
  it('ends the waits of the account at every address', async () => {
    const world = api.world()
    await failFrom(world, GUESSER, 'ben@example.com', FREE_FAILURES)
    await failFrom(world, OWNER, 'ben@example.com', FREE_FAILURES)
    expectSuccess(
      await world.call('user/forgotpassword', {
        emailaddress: 'ben@example.com',
        usertype: 'user',
      }),
    )
    const [mail] = await world.outbox()
    const token = new URL(mail?.links[0] ?? 'http://x').searchParams.get('token')
    expectSuccess(
      await world.call('user/resetpassword', {
        token,
        newpassword: 'Ben-Pass-77',
        confirmnewpassword: 'Ben-Pass-77',
      }),
    )
    expectSuccess(await signIn(world, OWNER, 'ben@example.com', 'Ben-Pass-77'))
    expectSuccess(await signIn(world, GUESSER, 'ben@example.com', 'Ben-Pass-77'))
  })
})
