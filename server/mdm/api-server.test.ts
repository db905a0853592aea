import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, test } from 'vitest'
import { buildApiServer } from './api-server.ts'

const servers: FastifyInstance[] = []
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()))
})

/** Collects the log lines, the way an operator's log store would see them. */
function logCollector() {
  const lines: string[] = []
  return { lines, stream: { write: (line: string) => void lines.push(line) } }
}

describe('a URL that cannot be decoded', () => {
  test('the standalone API answers the same and never repeats the URL', async () => {
    const api = await buildApiServer({ portalUrl: 'http://portal.test' }, 'silent')
    servers.push(api)
    const answer = await api.inject({ method: 'GET', url: '/api/mdm/v2/app/image?x=1&%zz<script>' })
    const bad = await api.inject({
      method: 'POST',
      url: '/api/mdm/v2/<b>%zz',
      headers: { 'accept-language': 'en' },
    })
    expect(answer.statusCode).not.toBe(500)
    expect(bad.statusCode).toBe(400)
    expect(bad.body).not.toContain('<b>')
    expect(bad.json()).toMatchObject({
      success: false,
      errorcode: '01000001',
      errormessage: 'The request could not be read.',
    })
  })
})

describe('the standalone API log', () => {
  test('the token in ?json= and a reset token in ?token= are redacted', async () => {
    const log = logCollector()
    const api = await buildApiServer({ portalUrl: 'http://portal.test' }, 'info', log.stream)
    servers.push(api)
    const json = encodeURIComponent(JSON.stringify({ id: 'AU8', token: 'secret-token-123' }))
    await api.inject({ method: 'GET', url: `/api/mdm/v2/app/image?json=${json}` })
    await api.inject({ method: 'GET', url: '/api/mdm/v2/user/login?token=reset-secret-9' })
    const text = log.lines.join('\n')
    expect(text).toContain('/api/mdm/v2/app/image?json=[redacted]')
    expect(text).not.toContain('secret-token-123')
    expect(text).not.toContain('reset-secret-9')
  })
})
