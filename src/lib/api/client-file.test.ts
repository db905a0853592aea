import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { session } from '@/lib/session'
import { ApiError } from './api-error'
import { setConfig } from '@/lib/config'
import { apiFile } from './client'

/** apiFile tells a file apart from the envelope, also when the file itself is JSON. */
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
