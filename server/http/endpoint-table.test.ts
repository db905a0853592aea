import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ENDPOINT_PATHS, ENDPOINTS, type Endpoint } from '../../contract/endpoints.ts'
import { buildServer } from '../app.ts'
import { startLenientService, type LenientService } from '../testing/lenient-service.ts'
import { makeDist, portOf, sendRaw, testConfig } from '../testing/test-support.ts'

/**
 * Generated from contract/endpoints.ts: every row, with the spellings of its request an
 * attacker would try, in front of a service as lenient as ASP.NET's defaults. Each variant is
 * refused before the service (400 or 404, the envelope) or treated exactly as the plain request.
 */
const dist = makeDist()
let service: LenientService
let app: FastifyInstance
let port: number
beforeAll(async () => {
  service = await startLenientService()
  app = await buildServer(testConfig(dist.dir, { MDM_API_URL: service.url }))
  port = portOf(await app.listen({ port: 0, host: '127.0.0.1' }))
}, 60_000)
afterAll(async () => {
  await app.close()
  await service.close()
  dist.remove()
})

const BODY = '{"token":"not-a-token-0123"}'

/** A body the row takes: the token of a session, or for the forgotten password its own fields. */
let BODY_NOW = BODY

async function send(method: string, path: string, body: string | undefined = BODY_NOW) {
  const before = service.seen.length
  const answer = await sendRaw(port, {
    method,
    path,
    ...(body === undefined ? {} : { body }),
    headers: { 'accept-language': 'de' },
  })
  return { ...answer, reached: service.seen.length > before }
}

function expectRefused(answer: Awaited<ReturnType<typeof send>>, what: string) {
  expect([400, 404], what).toContain(answer.status)
  expect(answer.reached, what).toBe(false)
  expect(JSON.parse(answer.text), what).toMatchObject({ success: false, tokenstatus: null })
}

const upper = (path: string) =>
  path.replace(/\/(\w)/g, (_all, first: string) => `/${first.toUpperCase()}`)

describe.each(ENDPOINT_PATHS)('%s', (endpoint: Endpoint) => {
  const row = ENDPOINTS[endpoint]
  const plain = `/api/mdm/v2/${endpoint}`

  test('every other spelling of the path, method or members is refused before the service, or is the plain request', async () => {
    BODY_NOW = endpoint === 'user/forgotpassword' ? '{"emailaddress":"a@example.com"}' : BODY
    const reference = await send('POST', plain)
    expect(reference.reached).toBe(true)
    const refused: [string, string, string?][] = [
      ['POST', `${plain}#x`],
      ['POST', `${plain}/`],
      ['POST', `${plain};x=1`],
      ['POST', `/api/mdm/v2/${upper(endpoint)}`],
      ['POST', plain.toUpperCase()],
      ['POST', `http://elsewhere.example${plain}`],
      ['POST', plain, '{"token":"a-0123456789","token":"b-0123456789"}'],
      ['POST', plain, '{"Token":"not-a-token-0123"}'],
      ['POST', plain, '{"token":"not-a-token-0123","unknownmember":1}'],
      ['POST', `${plain}?json=${encodeURIComponent(BODY)}`],
      ['PUT', plain],
      ['DELETE', plain],
      ['PATCH', plain],
    ]
    if (!row.methods.includes('GET'))
      refused.push(['GET', `${plain}?json=${encodeURIComponent(BODY)}`])
    for (const [method, path, body] of refused) {
      expectRefused(await send(method, path, body), `${method} ${path} ${body ?? ''}`)
    }
    const before = service.seen.length
    expect((await app.inject({ method: 'HEAD', url: plain })).statusCode).toBe(404)
    expect(service.seen.length).toBe(before)
    // An escaped letter is the letter itself: the plain request, counted and checked alike.
    const escaped = plain.replace(
      /\/(\w)/,
      (_all, first: string) => `/%${first.charCodeAt(0).toString(16)}`,
    )
    const same = await send('POST', escaped)
    expect(same.status, escaped).toBe(reference.status)
    expect(same.reached).toBe(true)
  })
})
