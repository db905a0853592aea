import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { emptyResultSchema } from '@contract/schemas'
import { setConfig } from '@/lib/config'
import { changeLanguage } from '@/lib/i18n'
import { session } from '@/lib/session'
import { apiRequest } from './client'

const envelope = { success: true, errorcode: null, errormessage: null, tokenstatus: null }
const answer = () =>
  new Response(JSON.stringify(envelope), { headers: { 'Content-Type': 'application/json' } })

/** The read as index.html's script sends it for a device's page, before the portal's code. */
function sentEarly(token: string, language = 'en') {
  window.portalEarlyRead = {
    url: '/api/mdm/v2/device/info',
    body: JSON.stringify({ clientid: 'c1', token }),
    language,
    response: Promise.resolve(answer()),
  }
}

let fetched: ReturnType<typeof vi.fn>
beforeEach(() => {
  setConfig({ apiBaseUrl: '/api/mdm/v2' })
  session.start('token-1')
  fetched = vi.fn(async () => answer())
  vi.stubGlobal('fetch', fetched)
})

afterEach(async () => {
  vi.unstubAllGlobals()
  delete window.portalEarlyRead
  session.expire()
  await changeLanguage('en')
})

describe('the read a device page sent before the portal started', () => {
  it("answers the portal's identical request, once: nothing is asked again", async () => {
    sentEarly('token-1')
    await apiRequest('device/info', { clientid: 'c1' }, emptyResultSchema)
    expect(fetched).not.toHaveBeenCalled()
    // The next read of the same device is a read of its own.
    await apiRequest('device/info', { clientid: 'c1' }, emptyResultSchema)
    expect(fetched).toHaveBeenCalledTimes(1)
  })

  it('is not taken for another device, another token or another language', async () => {
    sentEarly('token-1')
    await apiRequest('device/info', { clientid: 'c2' }, emptyResultSchema)
    sentEarly('token-0')
    await apiRequest('device/info', { clientid: 'c1' }, emptyResultSchema)
    sentEarly('token-1', 'de')
    await apiRequest('device/info', { clientid: 'c1' }, emptyResultSchema)
    expect(fetched).toHaveBeenCalledTimes(3)
  })
})
