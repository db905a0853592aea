import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { buildServer } from '../app.ts'
import { makeDist, startFakeService, testConfig } from '../testing/test-support.ts'

/**
 * A service that reads member names without regard to case (ASP.NET's default) would take the
 * token from any of these; the portal's check reads `token` alone, so each must be refused.
 */
const service = await startFakeService({
  // The service knows the tokens the tests sign out: only such a sign-out is kept.
  '/api/mdm/v2/user/info': (_request, reply) => reply.send({ success: true, userinfo: {} }),
  '/api/mdm/v2/device/list': (_request, reply) => reply.send({ success: true, data: [] }),
  '/api/mdm/v2/app/image': (_request, reply) => reply.type('image/png').send(Buffer.from('png')),
})
const dist = makeDist()
let app: FastifyInstance

const ENDED = 'ended-token-0123456789'
const LIVE = 'live-token-0123456789'

beforeAll(async () => {
  app = await buildServer(testConfig(dist.dir, { MDM_API_URL: service.url }))
  const signOut = await app.inject({
    method: 'POST',
    url: '/api/portal/sign-out',
    payload: { token: ENDED },
  })
  expect(signOut.statusCode).toBe(200)
})

afterAll(async () => {
  await app.close()
  await service.close()
  dist.remove()
})

const post = (body: string | Buffer) =>
  app.inject({
    method: 'POST',
    url: '/api/mdm/v2/device/list',
    payload: body,
    headers: { 'content-type': 'application/json', 'accept-language': 'de' },
  })

const get = (query: string) =>
  app.inject({
    method: 'GET',
    url: `/api/mdm/v2/app/image?${query}`,
    headers: { 'accept-language': 'de' },
  })

const json = (fields: Record<string, string>) => encodeURIComponent(JSON.stringify(fields))

describe('after POST /api/portal/sign-out, no spelling of the token reaches the service', () => {
  const BOM = Buffer.from([0xef, 0xbb, 0xbf])
  const bodies: Record<string, string | Buffer> = {
    'member "Token"': `{"Token":"${ENDED}"}`,
    'member "TOKEN"': `{"TOKEN":"${ENDED}"}`,
    'a byte-order mark in front': Buffer.concat([BOM, Buffer.from(`{"token":"${ENDED}"}`)]),
    'the member twice': `{"token":"${LIVE}","token":"${ENDED}"}`,
    'the member twice in two cases': `{"token":"${LIVE}","tOken":"${ENDED}"}`,
    'a duplicate member deeper down': `{"token":"${LIVE}","filter":{"managed":true,"managed":false}}`,
    'not UTF-8': Buffer.from(`{"token":"${LIVE}","x":"\xff"}`, 'latin1'),
    'a form instead of JSON': `token=${ENDED}`,
    'trailing comma': `{"token":"${ENDED}",}`,
  }
  for (const [name, body] of Object.entries(bodies)) {
    test(`a body with ${name} is refused (400, envelope, localized)`, async () => {
      const before = service.seen.length
      const answer = await post(body)
      expect(answer.statusCode).toBe(400)
      expect(answer.json()).toEqual({
        success: false,
        errorcode: '01000001',
        errormessage: 'Die Anfrage konnte nicht gelesen werden.',
        tokenstatus: null,
      })
      expect(service.seen.length).toBe(before)
    })
  }

  const queries: Record<string, string> = {
    'parameter "JSON"': `JSON=${json({ id: 'AU8', token: ENDED })}`,
    'parameter "Json" encoded': `%4Ason=${json({ id: 'AU8', token: ENDED })}`,
    'two json parameters': `json=x&json=${json({ id: 'AU8', token: ENDED })}`,
    'two json parameters, one empty': `json=${json({ id: 'AU8', token: LIVE })}&json=`,
    'a token parameter': `json=${json({ id: 'AU8' })}&token=${ENDED}`,
    'a member "Token" inside json': `json=${json({ id: 'AU8', Token: ENDED })}`,
    'a byte-order mark inside json': `json=%EF%BB%BF${json({ id: 'AU8', token: ENDED })}`,
  }
  for (const [name, query] of Object.entries(queries)) {
    test(`GET app/image with ${name} is refused (400, envelope, localized)`, async () => {
      const before = service.seen.length
      const answer = await get(query)
      expect(answer.statusCode).toBe(400)
      expect(answer.json()).toMatchObject({ success: false, errorcode: '01000001' })
      expect(answer.json().errormessage).toContain('nicht gelesen')
      expect(service.seen.length).toBe(before)
    })
  }

  test('a body and a json parameter together are refused: one of them would go unchecked', async () => {
    const before = service.seen.length
    const answer = await app.inject({
      method: 'POST',
      url: `/api/mdm/v2/device/list?json=${json({ token: ENDED })}`,
      payload: { token: LIVE },
    })
    expect(answer.statusCode).toBe(400)
    expect(service.seen.length).toBe(before)
  })

  test('the exact spellings are checked: the ended token gets 401, a live one passes as sent', async () => {
    const before = service.seen.length
    expect((await post(`{"token":"${ENDED}"}`)).statusCode).toBe(401)
    expect((await get(`json=${json({ id: 'AU8', token: ENDED })}`)).statusCode).toBe(401)
    expect(service.seen.length).toBe(before)

    const body = `{ "token" : "${LIVE}", "filter": {"lastcontact": {"from": "Ärger"}} }\n`
    expect((await post(body)).statusCode).toBe(200)
    expect(service.seen.at(-1)?.body.toString()).toBe(body)
    expect((await get(`json=${json({ id: 'AU8', token: LIVE })}`)).statusCode).toBe(200)
    expect((await post('')).statusCode).toBe(200)
  })
})
