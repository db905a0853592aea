import { canonicalPath } from '../http/request-paths.ts'
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, test } from 'vitest'
import { buildServer } from '../app.ts'
import { makeDist, startFakeService, testConfig } from '../testing/test-support.ts'

const dist = makeDist()
const servers: FastifyInstance[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
  dist.remove()
})

async function portal(env: Record<string, string>) {
  const server = await buildServer(testConfig(dist.dir, env))
  servers.push(server)
  return server
}

const wrongLogin = { type: 'basic', usertype: 'user', username: 'x@example.com', password: 'no' }

function login(app: FastifyInstance, remoteAddress = '198.51.100.7', headers = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/mdm/v2/user/login',
    payload: wrongLogin,
    remoteAddress,
    headers,
  })
}

describe('rate limits on sign-in and forgot password', () => {
  test('the attempt after the limit gets 429, the envelope and Retry-After', async () => {
    const app = await portal({ LOGIN_RATE_LIMIT: '3' })
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect((await login(app)).statusCode).not.toBe(429)
    }
    const refused = await login(app, '198.51.100.7', { 'accept-language': 'de' })
    expect(refused.statusCode).toBe(429)
    const retryAfter = Number(refused.headers['retry-after'])
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(refused.headers['content-security-policy']).toBeDefined()
    expect(refused.json()).toEqual({
      success: false,
      errorcode: '01900001',
      errormessage:
        'Zu viele Anmeldeversuche für dieses Konto. Versuchen Sie es in einer Minute erneut.',
      tokenstatus: null,
    })

    // Spelling the path differently does not step around the limit: an escaped letter is the
    // letter itself; another case, a trailing or a doubled slash is no endpoint of the table
    // (404), which never reaches the service.
    const spellings = {
      '/api/mdm/v2/user/%6Cogin': 429,
      '/api/mdm/v2/User/Login': 404,
      '/api/mdm/v2/user/login/': 404,
      '/api//mdm/v2/user/login': 404,
    }
    for (const [url, status] of Object.entries(spellings)) {
      const variant = await app.inject({
        method: 'POST',
        url,
        payload: wrongLogin,
        remoteAddress: '198.51.100.7',
      })
      expect(variant.statusCode, url).toBe(status)
    }

    // Another address still gets in; the other endpoints are not limited.
    expect((await login(app, '198.51.100.8')).statusCode).not.toBe(429)
    const info = await app.inject({
      method: 'POST',
      url: '/api/mdm/v2/user/info',
      payload: {},
      remoteAddress: '198.51.100.7',
    })
    expect(info.statusCode).toBe(401)
  })

  test('forgot password has a limit of its own', async () => {
    const app = await portal({ FORGOT_PASSWORD_RATE_LIMIT: '2' })
    const forgot = () =>
      app.inject({
        method: 'POST',
        url: '/api/mdm/v2/user/forgotpassword',
        payload: { emailaddress: 'anna@example.com', usertype: 'user' },
        remoteAddress: '198.51.100.7',
      })
    expect((await forgot()).statusCode).toBe(200)
    expect((await forgot()).statusCode).toBe(200)
    expect((await forgot()).statusCode).toBe(429)
    expect((await login(app)).statusCode).not.toBe(429)
  })

  test('X-Forwarded-For counts only when TRUST_PROXY is set', async () => {
    const direct = await portal({ LOGIN_RATE_LIMIT: '1' })
    await login(direct, '198.51.100.7', { 'x-forwarded-for': '203.0.113.1' })
    // A client cannot pretend to be someone else to get a fresh allowance.
    const spoofed = await login(direct, '198.51.100.7', { 'x-forwarded-for': '203.0.113.2' })
    expect(spoofed.statusCode).toBe(429)

    const proxied = await portal({ LOGIN_RATE_LIMIT: '1', TRUST_PROXY: '10.0.0.0/8' })
    await login(proxied, '10.0.0.5', { 'x-forwarded-for': '203.0.113.1' })
    const sameClient = await login(proxied, '10.0.0.5', { 'x-forwarded-for': '203.0.113.1' })
    expect(sameClient.statusCode).toBe(429)
    const otherClient = await login(proxied, '10.0.0.5', { 'x-forwarded-for': '203.0.113.2' })
    expect(otherClient.statusCode).not.toBe(429)
  })

  test('in front of a real service, a refused attempt never reaches it; 0 switches a limit off', async () => {
    const service = await startFakeService({
      '/api/mdm/v2/user/login': (_request, reply) => reply.send({ success: false }),
    })
    const limited = await portal({ MDM_API_URL: service.url, LOGIN_RATE_LIMIT: '1' })
    await login(limited)
    expect((await login(limited)).statusCode).toBe(429)
    expect(service.seen).toHaveLength(1)

    const unlimited = await portal({ MDM_API_URL: service.url, LOGIN_RATE_LIMIT: '0' })
    for (let attempt = 0; attempt < 12; attempt++) {
      expect((await login(unlimited)).statusCode).toBe(200)
    }
    await service.close()
  })
})

describe('one office behind one address', () => {
  const attempt = (app: FastifyInstance, username: string) =>
    app.inject({
      method: 'POST',
      url: '/api/mdm/v2/user/login',
      payload: { ...wrongLogin, username },
      remoteAddress: '198.51.100.50',
    })

  test('a colleague who mistyped a password does not lock the others out', async () => {
    const app = await portal({ LOGIN_RATE_LIMIT: '2' })
    expect((await attempt(app, 'ben@example.com')).statusCode).not.toBe(429)
    expect((await attempt(app, 'ben@example.com')).statusCode).not.toBe(429)
    expect((await attempt(app, ' Ben@Example.com ')).statusCode).toBe(429)
    // Twelve colleagues sign in from the same address within the minute.
    for (let colleague = 1; colleague <= 12; colleague++) {
      const answer = await attempt(app, `colleague-${colleague}@example.com`)
      expect(answer.statusCode, `colleague ${colleague}`).not.toBe(429)
    }
  })

  test('the address as a whole has a much higher ceiling of its own', async () => {
    const app = await portal({ LOGIN_ADDRESS_RATE_LIMIT: '3' })
    for (let colleague = 1; colleague <= 3; colleague++) {
      expect((await attempt(app, `c-${colleague}@example.com`)).statusCode).not.toBe(429)
    }
    const refused = await attempt(app, 'c-4@example.com')
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
  })

  test('forgot password: per account and address, with its own ceiling', async () => {
    const app = await portal({
      FORGOT_PASSWORD_RATE_LIMIT: '1',
      FORGOT_PASSWORD_ADDRESS_RATE_LIMIT: '3',
    })
    const forgot = (emailaddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/mdm/v2/user/forgotpassword',
        payload: { emailaddress, usertype: 'user' },
        remoteAddress: '198.51.100.60',
      })
    expect((await forgot('anna@example.com')).statusCode).toBe(200)
    expect((await forgot('anna@example.com')).statusCode).toBe(429)
    expect((await forgot('ben@example.com')).statusCode).toBe(200)
    expect((await forgot('nina@example.com')).statusCode).toBe(429)
  })
})

describe('the 429 says what happened', () => {
  const message = async (answer: Promise<{ statusCode: number; json: () => unknown }>) => {
    const response = await answer
    expect(response.statusCode).toBe(429)
    return (response.json() as { errormessage: string }).errormessage
  }
  const send = (app: FastifyInstance, url: string, payload: object, lang: string) =>
    app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: '198.51.100.70',
      headers: { 'accept-language': lang },
    })

  test.each([
    [
      'en',
      'Too many sign-in attempts for this account. Try again in a minute.',
      'Too many sign-in attempts from your network. Try again in a minute.',
      'Too many password reset requests for this account. Try again in a minute.',
      'Too many password reset requests from your network. Try again in a minute.',
    ],
    [
      'de',
      'Zu viele Anmeldeversuche für dieses Konto. Versuchen Sie es in einer Minute erneut.',
      'Zu viele Anmeldeversuche aus Ihrem Netzwerk. Versuchen Sie es in einer Minute erneut.',
      'Zu viele Anfragen zum Zurücksetzen des Passworts für dieses Konto. Versuchen Sie es in einer Minute erneut.',
      'Zu viele Anfragen zum Zurücksetzen des Passworts aus Ihrem Netzwerk. Versuchen Sie es in einer Minute erneut.',
    ],
  ])('in %s, for the account and for the network', async (lang, ...texts) => {
    const app = await portal({
      LOGIN_RATE_LIMIT: '1',
      LOGIN_ADDRESS_RATE_LIMIT: '2',
      FORGOT_PASSWORD_RATE_LIMIT: '1',
      FORGOT_PASSWORD_ADDRESS_RATE_LIMIT: '2',
    })
    const signIn = (username: string) =>
      send(app, '/api/mdm/v2/user/login', { ...wrongLogin, username }, lang)
    const forgot = (emailaddress: string) =>
      send(app, '/api/mdm/v2/user/forgotpassword', { emailaddress, usertype: 'user' }, lang)
    await signIn('anna@example.com')
    expect(await message(signIn('anna@example.com'))).toBe(texts[0])
    await signIn('ben@example.com')
    expect(await message(signIn('nina@example.com'))).toBe(texts[1])
    await forgot('anna@example.com')
    expect(await message(forgot('anna@example.com'))).toBe(texts[2])
    await forgot('ben@example.com')
    expect(await message(forgot('nina@example.com'))).toBe(texts[3])
  })
})

describe('sign-in with Microsoft', () => {
  /** An identity token as Entra ID shapes it; the portal reads the name without checking it. */
  const identityToken = (preferredUsername: string) =>
    [
      Buffer.from(JSON.stringify({ alg: 'RS256', typ: 'JWT' })).toString('base64url'),
      Buffer.from(JSON.stringify({ preferred_username: preferredUsername })).toString('base64url'),
      'signature',
    ].join('.')
  const microsoft = (app: FastifyInstance, token: string) =>
    app.inject({
      method: 'POST',
      url: '/api/mdm/v2/user/login',
      payload: { type: 'microsoft', usertype: 'user', token },
      remoteAddress: '198.51.100.80',
    })

  test('is counted per account named in the identity token, beside the address ceiling', async () => {
    const app = await portal({ LOGIN_RATE_LIMIT: '2', LOGIN_ADDRESS_RATE_LIMIT: '9' })
    const anna = identityToken('anna@example.com')
    const ben = identityToken('Ben@Example.com')
    // Anna and Ben sign in alternately from one office address.
    for (const token of [anna, ben, anna, ben]) {
      expect((await microsoft(app, token)).statusCode).not.toBe(429)
    }
    const annaAgain = await microsoft(app, anna)
    expect(annaAgain.statusCode).toBe(429)
    expect(annaAgain.json()).toMatchObject({
      errormessage: 'Too many sign-in attempts for this account. Try again in a minute.',
    })
    // Junk without a readable name shares one allowance, and locks out no named account.
    await microsoft(app, 'junk')
    await microsoft(app, 'junk.also')
    expect((await microsoft(app, 'more-junk')).statusCode).toBe(429)
    expect((await microsoft(app, identityToken('nina@example.com'))).statusCode).not.toBe(429)
    // The address as a whole still has its ceiling (9 counted so far).
    const ceiling = await microsoft(app, identityToken('olga@example.com'))
    expect(ceiling.statusCode).toBe(429)
    expect(ceiling.json()).toMatchObject({
      errormessage: 'Too many sign-in attempts from your network. Try again in a minute.',
    })
  })
})

test('canonicalPath folds the spellings a lenient router would accept', () => {
  expect(canonicalPath('/API/mdm//v2/user/Login/?x=1')).toBe('/api/mdm/v2/user/login')
  expect(canonicalPath('/api/mdm/v2/user/%6cogin;jsessionid=1')).toBe('/api/mdm/v2/user/login')
  expect(canonicalPath('/api/%zz')).toBe('/api/%zz')
})
