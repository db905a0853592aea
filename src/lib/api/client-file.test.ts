import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { session } from '@/lib/session'
import { ApiError } from './api-error'
import { setConfig } from '@/lib/config'
import { apiFile, apiLink } from './client'

function answer(body: string, headers: Record<string, string>, status = 200) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(body, { status, headers })),
  )
}

beforeEach(() => {
  setConfig({ apiBaseUrl: '/api/mdm/v2' })
  session.start('token-1')
})

afterEach(() => {
  vi.unstubAllGlobals()
  session.signOut()
})

/** apiFile tells a file apart from the envelope, also when the file itself is JSON. */
describe('apiFile', () => {
  it('hands over a JSON file (the Android profile) as it came, with its name', async () => {
    const text = '{\n  "kind": "androidEnrollment",\n  "mode": "workProfile"\n}\n'
    answer(text, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': 'attachment; filename="enrollment-android-work-profile.json"',
    })
    const file = await apiFile('user/mdmprofile', { mdmtype: 'android', byod: true })
    expect(await file.blob.text()).toBe(text)
    expect(file.contentType).toBe('application/json; charset=utf-8')
    expect(file.fileName).toBe('enrollment-android-work-profile.json')
  })

  it('turns the envelope of a refusal into an ApiError with its code', async () => {
    answer(
      JSON.stringify({
        success: false,
        errorcode: '03100016',
        errormessage: 'A managed Apple ID is required.',
        tokenstatus: null,
      }),
      { 'Content-Type': 'application/json; charset=utf-8' },
    )
    const failure = await apiFile('user/mdmprofile', { mdmtype: 'apple', byod: true }).catch(
      (error: unknown) => error,
    )
    expect(failure).toBeInstanceOf(ApiError)
    expect(failure).toMatchObject({ kind: 'api', code: '03100016' })
  })
})

/** A one-time link is asked for with the session, and its refusals read as any other answer. */
describe('apiLink', () => {
  const linkFailure = (errorcode: string, errormessage: string) =>
    JSON.stringify({ success: false, errorcode, errormessage, tokenstatus: null })
  const jsonType = { 'Content-Type': 'application/json; charset=utf-8' }
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    )

  it('hands over the address', async () => {
    answer(JSON.stringify({ success: true, url: '/api/portal/links/abc-1' }), jsonType)
    await expect(apiLink('user/mdmprofile', { mdmtype: 'apple' })).resolves.toBe(
      '/api/portal/links/abc-1',
    )
  })

  it('a session the portal server no longer accepts ends here too, for the sign-in page', async () => {
    answer(linkFailure('03100001', 'Your session is no longer valid.'), jsonType, 401)
    const failure = await failureOf(apiLink('user/mdmprofile', { mdmtype: 'apple' }))
    expect(failure).toMatchObject({ kind: 'unauthorized', code: '03100001' })
    expect(session.getState().ended).toBe('expired')
  })

  it('a gateway in front of the portal says the service is not available', async () => {
    answer('<html>Bad gateway</html>', { 'Content-Type': 'text/html' }, 502)
    const failure = await failureOf(apiLink('user/mdmprofile', { mdmtype: 'android' }))
    expect(failure).toMatchObject({ kind: 'unavailable', status: 502 })
    expect(session.isSignedIn()).toBe(true)
  })

  it('the portal server’s limit keeps its code and its words', async () => {
    answer(linkFailure('01900001', 'Too many requests. Wait a minute.'), jsonType, 429)
    const failure = await failureOf(apiLink('user/mdmprofile', { mdmtype: 'apple' }))
    expect(failure).toMatchObject({
      kind: 'rateLimited',
      code: '01900001',
      serverMessage: 'Too many requests. Wait a minute.',
    })
  })
})
