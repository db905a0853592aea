import type { FastifyInstance } from 'fastify'
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose'
import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANNA_SID } from '../demo/demo-ids.ts'
import { expectFailure, expectSuccess, startApi, TestWorld } from '../test-client.ts'

/**
 * `user/login` with `type: microsoft` (spec: Authentication, "token: identity token from the
 * external identity provider") checked for real: tokens signed with keys published at a JWKS
 * address on this machine, as Entra ID publishes its own.
 */
const ISSUER = 'https://login.microsoftonline.com/11111111-2222-3333-4444-555555555555/v2.0'
const AUDIENCE = 'portal-client-id'

let app: FastifyInstance
let jwks: Server
let signingKey: CryptoKey
let strangerKey: CryptoKey

const nowS = () => Math.floor(Date.now() / 1000)

/** A token as the provider signs it; each with a nonce of its own, as each sign-in has. */
async function token(claims: JWTPayload, key = signingKey, kid = 'key-1') {
  return new SignJWT({ preferred_username: 'anna@example.com', nonce: randomUUID(), ...claims })
    .setProtectedHeader({ alg: 'RS256', kid })
    .setIssuer(typeof claims.iss === 'string' ? claims.iss : ISSUER)
    .setAudience(claims.aud ?? AUDIENCE)
    .setIssuedAt(typeof claims.iat === 'number' ? claims.iat : undefined)
    .setExpirationTime(typeof claims.exp === 'number' ? claims.exp : '1h')
    .sign(key)
}

function login(world: TestWorld, idToken: string) {
  return world.call('user/login', { type: 'microsoft', usertype: 'user', token: idToken })
}

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true })
  signingKey = pair.privateKey
  strangerKey = (await generateKeyPair('RS256')).privateKey
  const published = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'key-1', alg: 'RS256' }] }
  jwks = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(JSON.stringify(published))
  })
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve))
  const address = jwks.address()
  if (!address || typeof address === 'string') throw new Error('no port')
  app = await startApi({
    identityProvider: {
      issuer: ISSUER,
      audience: AUDIENCE,
      jwksUri: `http://127.0.0.1:${address.port}/keys`,
    },
  })
})
afterAll(async () => {
  await app.close()
  await new Promise((resolve) => jwks.close(resolve))
})

describe('sign-in with an identity token', () => {
  it('a token signed with the published keys, for this audience and issuer, signs the user in', async () => {
    const world = new TestWorld(app)
    const answer = await login(world, await token({ preferred_username: 'Anna@Example.com' }))
    expectSuccess(answer)
    const info = await world.call('user/info', { token: answer.json.token })
    expect(info.json.userinfo).toMatchObject({ sid: ANNA_SID })
  })

  it('falls back to the email claim when preferred_username is not an address and the provider verified it', async () => {
    const world = new TestWorld(app)
    const idToken = await token({
      preferred_username: 'Anna',
      email: 'anna@example.com',
      email_verified: true,
    })
    expectSuccess(await login(world, idToken))
  })

  it('uses an email the provider has not verified for nothing: upn names the account, or none does', async () => {
    const world = new TestWorld(app)
    for (const email_verified of [undefined, false, 'true']) {
      const unverified = await token({
        preferred_username: 'Anna',
        email: 'anna@example.com',
        ...(email_verified === undefined ? {} : { email_verified }),
      })
      expectFailure(await login(world, unverified), 'identityTokenInvalid')
    }
    const withUpn = await token({
      preferred_username: 'Anna',
      email: 'ben@example.com',
      upn: 'anna@example.com',
    })
    const answer = await login(world, withUpn)
    expectSuccess(answer)
    const info = await world.call('user/info', { token: answer.json.token })
    expect(info.json.userinfo).toMatchObject({ sid: ANNA_SID })
  })

  it('signs in once per token: the same token, or another with its jti, is refused the second time', async () => {
    const world = new TestWorld(app)
    const idToken = await token({})
    expectSuccess(await login(world, idToken))
    expectFailure(await login(world, idToken), 'identityTokenInvalid')
    expectFailure(await login(new TestWorld(app), idToken), 'identityTokenInvalid')

    const jti = randomUUID()
    expectSuccess(await login(world, await token({ jti })))
    expectFailure(
      await login(world, await token({ jti, nonce: 'another' })),
      'identityTokenInvalid',
    )
    // Two uses at once: one signs in.
    const twice = await token({})
    const answers = await Promise.all([login(world, twice), login(world, twice)])
    expect(answers.map((answer) => answer.json.success).sort()).toEqual([false, true])
  })

  it('refuses a token issued more than a minute in the future', async () => {
    const world = new TestWorld(app)
    const ahead = await token({ iat: nowS() + 120, exp: nowS() + 3600 })
    expectFailure(await login(world, ahead), 'identityTokenInvalid')
    // Within a minute of clock skew it is fine.
    expectSuccess(await login(world, await token({ iat: nowS() + 30, exp: nowS() + 3600 })))
  })

  it('refuses a token older than an hour, or with a lifetime of more than a day', async () => {
    const world = new TestWorld(app)
    const old = await token({ iat: nowS() - 2 * 3600, exp: nowS() + 3600 })
    expectFailure(await login(world, old), 'identityTokenExpired')
    const tenYears = await token({ exp: nowS() + 10 * 365 * 86_400 })
    expectFailure(await login(world, tenYears), 'identityTokenInvalid')
    const day = await token({ iat: nowS(), exp: nowS() + 86_400 })
    expectSuccess(await login(world, day))
  })

  it('refuses a forged token: signed with another key, or a known key id with a foreign key', async () => {
    const world = new TestWorld(app)
    expectFailure(await login(world, await token({}, strangerKey, 'other')), 'identityTokenInvalid')
    expectFailure(await login(world, await token({}, strangerKey)), 'identityTokenInvalid')
    expectFailure(await login(world, 'not-a-jwt'), 'identityTokenInvalid')
  })

  it('refuses an expired token with its own code', async () => {
    const world = new TestWorld(app)
    const expired = await token({ exp: Math.floor(Date.now() / 1000) - 3600 })
    expectFailure(await login(world, expired), 'identityTokenExpired')
  })

  it('refuses a token for another application', async () => {
    const world = new TestWorld(app)
    expectFailure(await login(world, await token({ aud: 'someone-else' })), 'identityTokenInvalid')
  })

  it('refuses a token of another tenant and names its issuer', async () => {
    const world = new TestWorld(app)
    const other = 'https://login.microsoftonline.com/99999999-0000-0000-0000-000000000000/v2.0'
    const message = expectFailure(
      await login(world, await token({ iss: other })),
      'identityWrongIssuer',
    )
    expect(message).toContain(other)
  })

  it('refuses a valid token whose account is not a user of the service, and names it', async () => {
    const world = new TestWorld(app)
    const idToken = await token({ preferred_username: 'someone@example.com' })
    const message = expectFailure(await login(world, idToken), 'identityAccountUnknown')
    expect(message).toContain('someone@example.com')
  })

  it('takes no demo-idp: shortcut while a real issuer is configured, even with microsoftIdp on', async () => {
    const both = await startApi({
      microsoftIdp: true,
      identityProvider: { issuer: ISSUER, audience: AUDIENCE, jwksUri: 'http://127.0.0.1:1/keys' },
    })
    const world = new TestWorld(both)
    expectFailure(await login(world, 'demo-idp:anna@example.com'), 'identityTokenInvalid')
    await both.close()
  })

  it('says the provider is unavailable when its keys cannot be fetched', async () => {
    const offline = await startApi({
      identityProvider: { issuer: ISSUER, audience: AUDIENCE, jwksUri: 'http://127.0.0.1:1/keys' },
    })
    const world = new TestWorld(offline)
    expectFailure(await login(world, await token({})), 'identityProviderUnavailable')
    await offline.close()
  })
})
