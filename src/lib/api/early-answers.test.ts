import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { EARLY_ANSWERS } from '../../../contract/screens'
import { deviceInfoResultSchema, userInfoResultSchema } from '../../../contract/schemas'
import deviceInfoAnswer from '../../../contract/fixtures/device-info.json'
import { setConfig } from '../config'
import { changeLanguage } from '../i18n'
import { session } from '../session'
import { apiRequest } from './client'
import { EARLY_ANSWER_MS, takeEarlyAnswer } from './early-answers'

const stash = window as unknown as Record<string, unknown>

/** What the page's start script leaves for the portal (build/first-paint.ts), for one request. */
function sentEarly(url: string, body: object, answer: Promise<Response>, at = performance.now()) {
  const entry = { url, body: JSON.stringify(body), language: 'en', at, answer }
  const list = (stash[EARLY_ANSWERS] ??= []) as unknown[]
  list.push(entry)
  return entry
}

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  })
}

const DEVICE = '/api/mdm/v2/device/info'
const answer = () => Promise.resolve(json(deviceInfoAnswer))
let sent: ReturnType<typeof vi.fn>

beforeEach(() => {
  setConfig({ apiBaseUrl: '/api/mdm/v2' })
  session.start('token-1')
  sent = vi.fn(async () => json(deviceInfoAnswer))
  vi.stubGlobal('fetch', sent)
})

afterEach(async () => {
  vi.unstubAllGlobals()
  delete stash[EARLY_ANSWERS]
  session.expire()
  await changeLanguage('en')
})

describe('a request the page already sent', () => {
  it('is not sent again: its answer is read as if the portal had asked', async () => {
    const clientid = deviceInfoAnswer.deviceinfo.clientid
    sentEarly(DEVICE, { clientid, token: 'token-1' }, answer())
    const result = await apiRequest('device/info', { clientid }, deviceInfoResultSchema)
    expect(result.deviceinfo.clientid).toBe(clientid)
    expect(sent).not.toHaveBeenCalled()
  })

  it('is taken once: asking again asks the service', async () => {
    const clientid = deviceInfoAnswer.deviceinfo.clientid
    sentEarly(DEVICE, { clientid, token: 'token-1' }, answer())
    await apiRequest('device/info', { clientid }, deviceInfoResultSchema)
    await apiRequest('device/info', { clientid }, deviceInfoResultSchema)
    expect(sent).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['another device', { clientid: 'other', token: 'token-1' }, 'en'],
    ["another session's token", { clientid: 'c1', token: 'token-0' }, 'en'],
    ['another language', { clientid: 'c1', token: 'token-1' }, 'de'],
  ])('for %s stands in for nothing', async (_case, body, language) => {
    const early = sentEarly(DEVICE, body, answer())
    early.language = language
    await apiRequest('device/info', { clientid: 'c1' }, deviceInfoResultSchema)
    expect(sent).toHaveBeenCalledTimes(1)
    expect(JSON.parse(String((sent.mock.calls[0] as [string, RequestInit])[1].body))).toEqual({
      clientid: 'c1',
      token: 'token-1',
    })
  })

  it('is not taken once it is older than the start of a slow portal', async () => {
    sentEarly(
      DEVICE,
      { clientid: 'c1', token: 'token-1' },
      answer(),
      performance.now() - EARLY_ANSWER_MS - 1,
    )
    await apiRequest('device/info', { clientid: 'c1' }, deviceInfoResultSchema)
    expect(sent).toHaveBeenCalledTimes(1)
  })

  it('that failed on its way is sent again, once', async () => {
    sentEarly(
      DEVICE,
      { clientid: 'c1', token: 'token-1' },
      Promise.reject(new TypeError('offline')),
    )
    const result = await apiRequest('device/info', { clientid: 'c1' }, deviceInfoResultSchema)
    expect(result.deviceinfo).toBeDefined()
    expect(sent).toHaveBeenCalledTimes(1)
  })

  it('whose answer is a failure is that failure: expired ends the session, and nothing is sent', async () => {
    const expired = {
      success: false,
      errorcode: 'TokenExpired',
      errormessage: 'Expired',
      tokenstatus: 'Expired',
    }
    stash[EARLY_ANSWERS] = []
    sentEarly('/api/mdm/v2/user/info', { token: 'token-1' }, Promise.resolve(json(expired)))
    await expect(apiRequest('user/info', {}, userInfoResultSchema)).rejects.toMatchObject({
      kind: 'unauthorized',
    })
    expect(session.getToken()).toBeNull()
    expect(sent).not.toHaveBeenCalled()
  })

  it('still on its way is given up when the portal cancels its request', async () => {
    sentEarly(DEVICE, { clientid: 'c1', token: 'token-1' }, new Promise<Response>(() => {}))
    const cancel = new AbortController()
    const request = apiRequest('device/info', { clientid: 'c1' }, deviceInfoResultSchema, {
      signal: cancel.signal,
    })
    cancel.abort()
    await expect(request).rejects.toMatchObject({ name: 'AbortError' })
    expect(sent).not.toHaveBeenCalled()
  })

  it('is left alone by entries that are not what the start script writes', () => {
    stash[EARLY_ANSWERS] = [null, { url: DEVICE, body: 1 }, 'x']
    expect(takeEarlyAnswer(DEVICE, '{"token":"t"}', 'en')).toBeNull()
    stash[EARLY_ANSWERS] = 'not a list'
    expect(takeEarlyAnswer(DEVICE, '{"token":"t"}', 'en')).toBeNull()
  })
})
