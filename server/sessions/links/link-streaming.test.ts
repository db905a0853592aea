import type { FastifyInstance } from 'fastify'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { signIn } from '../../mdm/test-client.ts'
import { startLenientService, type LenientService } from '../../testing/lenient-service.ts'
import { makeLink, testPortals } from '../../testing/test-portals.ts'

/**
 * A profile opened through a one-time link goes on to the device as the service sends it, never
 * read whole into the portal's memory (#55: a 300 MB profile took the process to 1.4 GB); what
 * the portal must read of a link's answer (a failure, JSON, the enrollment page) is capped, and
 * an answer over the cap is the portal's localized page, not memory growth.
 */
const PROFILE_BYTES = 50 * 1024 * 1024
const CHUNK_BYTES = 1024 * 1024
/** How much of the large profile the service has handed to its connection so far. */
let produced = 0

/** The service's large profile, made chunk by chunk as its connection takes them. */
function largeProfile(): Readable {
  produced = 0
  return new Readable({
    read() {
      if (produced >= PROFILE_BYTES) return void this.push(null)
      produced += CHUNK_BYTES
      this.push(Buffer.alloc(CHUNK_BYTES, 0x41))
    },
  })
}

let service: LenientService
// Closed once the portal proxying to it is.
afterAll(() => service.close())
const portals = testPortals()
let proxied: FastifyInstance

beforeAll(async () => {
  service = await startLenientService(
    {},
    {
      '/api/mdm/v2/user/mdmprofile': (request, reply) => {
        const fields = JSON.parse(String(request.body)) as { html?: boolean }
        if (fields.html) {
          // An enrollment page far larger than any the service makes.
          const filler = `<p>${'x'.repeat(2 * 1024 * 1024)}</p>`
          return reply.type('text/html; charset=utf-8').send(`<html><body>${filler}</body></html>`)
        }
        return reply
          .type('application/x-apple-aspen-config')
          .header('content-disposition', 'attachment; filename="enroll.mobileconfig"')
          .send(largeProfile())
      },
    },
  )
  proxied = await portals.portal({ MDM_API_URL: service.url })
})

describe('one-time links stream what the service sends', { timeout: 60_000 }, () => {
  test('proxied: a 50 MB profile reaches the device while the service still holds most of it', async () => {
    const { url } = await makeLink(proxied, { mdmtype: 'apple', token: await signIn(proxied) })
    const answer = await proxied.inject({ method: 'GET', url, payloadAsStream: true })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('application/x-apple-aspen-config')
    expect(answer.headers['content-disposition']).toBe('attachment; filename="enroll.mobileconfig"')
    expect(answer.headers['content-security-policy']).toMatch(/; sandbox$/)
    const stream = answer.stream()
    let received = 0
    let producedAtFirstByte = -1
    for await (const chunk of stream) {
      if (producedAtFirstByte === -1) producedAtFirstByte = produced
      received += (chunk as Buffer).length
    }
    // Read whole, the profile would all have left the service before its first byte went on.
    expect(producedAtFirstByte).toBeGreaterThan(0)
    expect(producedAtFirstByte).toBeLessThan(PROFILE_BYTES / 2)
    expect(received).toBe(PROFILE_BYTES)
  })

  test('proxied: an enrollment page over the cap is the portal’s page in the device’s language', async () => {
    const { url } = await makeLink(proxied, {
      mdmtype: 'android',
      html: true,
      token: await signIn(proxied),
    })
    const answer = await proxied.inject({
      method: 'GET',
      url,
      headers: { 'accept-language': 'de-DE' },
    })
    expect(answer.statusCode).toBe(502)
    expect(answer.headers['content-type']).toContain('text/html')
    expect(answer.body).toContain('Die Registrierungsdatei ist zu groß')
    expect(answer.body).not.toContain('xxxxxxxx')
  })
})
