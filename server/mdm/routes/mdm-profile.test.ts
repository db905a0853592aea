import { describe, expect, it } from 'vitest'
import { DE, expectFailure, sharedApi } from '../test-client.ts'

const api = sharedApi()

/** Every opened tag is closed in order: enough to call a plist or page well-formed here. */
function expectWellFormed(xml: string): void {
  const stack: string[] = []
  for (const [, closing, name, selfClosing] of xml.matchAll(
    /<(\/?)([a-zA-Z][\w-]*)[^>]*?(\/?)>/g,
  )) {
    if (selfClosing) continue
    if (closing) expect(stack.pop(), `</${name}>`).toBe(name)
    else stack.push(name ?? '')
  }
  expect(stack).toEqual([])
}

const value = (plist: string, key: string) =>
  new RegExp(`<key>${key}</key>\\s*<string>([^<]*)</string>`).exec(plist)?.[1]

describe('enrollment profiles', () => {
  it('User rule 6: an Apple profile is a configuration profile, different for device, BYOD, Mac and personal Mac', async () => {
    const world = api.world()
    const token = await world.login('anna')
    const variants = [{}, { byod: true }, { mac: 'true' }, { mac: true, byod: 'true' }]
    const identifiers = new Set<string>()
    for (const variant of variants) {
      const answer = await world.call('user/mdmprofile', { token, mdmtype: 'apple', ...variant })
      expect(answer.status).toBe(200)
      expect(answer.contentType).toBe('application/x-apple-aspen-config')
      expect(answer.headers['content-disposition']).toMatch(
        /^attachment; filename="enrollment-[\w-]+\.mobileconfig"$/,
      )
      expect(answer.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<!DOCTYPE plist/)
      expectWellFormed(answer.text.replace(/^<\?xml[^>]*>\n<!DOCTYPE[^>]*>\n/, ''))
      expect(answer.text).toContain('<string>com.apple.mdm</string>')
      expect(value(answer.text, 'PayloadType')).toBe('com.apple.security.acme')
      identifiers.add(
        value(answer.text.slice(answer.text.lastIndexOf('</array>')), 'PayloadIdentifier') ?? '',
      )
    }
    expect([...identifiers]).toEqual([
      'com.example.mdm.demo.enrollment.device',
      'com.example.mdm.demo.enrollment.user',
      'com.example.mdm.demo.enrollment.macos',
      'com.example.mdm.demo.enrollment.macos-user',
    ])
    const byod = await world.call('user/mdmprofile', { token, mdmtype: 'apple', byod: true })
    expect(value(byod.text, 'AssignedManagedAppleID')).toBe('anna.berger@appleid.example.com')
  })

  it('User rule 6: Apple BYOD needs a managed Apple ID', async () => {
    const world = api.world()
    const token = await world.login('ben')
    const answer = await world.call('user/mdmprofile', { token, mdmtype: 'apple', byod: true }, DE)
    expect(expectFailure(answer, 'managedAppleIdRequired')).toContain('verwaltete Apple-ID')
    expect((await world.call('user/mdmprofile', { token, mdmtype: 'apple' })).status).toBe(200)
  })

  it('an Android enrollment file is JSON, fully managed or work profile', async () => {
    const world = api.world()
    const token = await world.login('ben')
    const company = await world.call('user/mdmprofile', { token, mdmtype: 'android' })
    expect(company.contentType).toBe('application/json; charset=utf-8')
    expect(company.headers['content-disposition']).toBe(
      'attachment; filename="enrollment-android-fully-managed.json"',
    )
    expect(JSON.parse(company.text)).toMatchObject({
      mode: 'fullyManaged',
      user: 'ben@example.com',
      provisioning: expect.any(Object),
    })
    // A setup wizard downloads the management app from the location only with the checksum of
    // the app's signing certificate beside it: a SHA-256, URL-safe Base64 without padding.
    const extras = (JSON.parse(company.text) as { provisioning: Record<string, unknown> })
      .provisioning
    expect(extras).toMatchObject({
      'android.app.extra.PROVISIONING_DEVICE_ADMIN_PACKAGE_DOWNLOAD_LOCATION':
        expect.stringMatching(/^https:\/\//),
      'android.app.extra.PROVISIONING_DEVICE_ADMIN_SIGNATURE_CHECKSUM':
        expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    })
    const personal = await world.call('user/mdmprofile', { token, mdmtype: 'android', byod: true })
    expect(personal.headers['content-disposition']).toBe(
      'attachment; filename="enrollment-android-work-profile.json"',
    )
    expect(JSON.parse(personal.text)).toMatchObject({ mode: 'workProfile', tenant: 'demo' })
  })

  it("each download carries an enrollment token of its own that nobody can work out from the user's id", async () => {
    const world = api.world()
    const token = await world.login('ben')
    const tokenOf = async () => {
      const answer = await world.call('user/mdmprofile', { token, mdmtype: 'android' })
      return (JSON.parse(answer.text) as { enrollmentToken: string }).enrollmentToken
    }
    const first = await tokenOf()
    const second = await tokenOf()
    expect(first).toMatch(/^[\w-]{32}$/)
    expect(second).not.toBe(first)
  })

  it('html true answers an accessible page without script or style, whose link downloads through the GET form', async () => {
    const world = api.world()
    const token = await world.login('anna')
    const page = await world.call('user/mdmprofile', { token, mdmtype: 'apple', html: 'true' }, DE)
    expect(page.contentType).toBe('text/html; charset=utf-8')
    expect(page.headers['content-disposition']).toBeUndefined()
    expect(page.text).toContain('<html lang="de">')
    expect(page.text).toContain('<h1>iPhone oder iPad registrieren</h1>')
    expect(page.text).not.toMatch(/<script|<style|style=/i)
    expectWellFormed(page.text.replace(/^<!doctype html>/, '').replace(/<(meta|link)[^>]*>/g, ''))
    const href = /<a href="([^"]+)">/.exec(page.text)?.[1]?.replace(/&amp;/g, '&') ?? ''
    expect(href).toMatch(/^mdmprofile\?json=/)
    const download = await world.inject({ method: 'GET', url: `/api/mdm/v2/user/${href}` })
    expect(download.contentType).toBe('application/x-apple-aspen-config')
  })

  it("an Android page's link saves the file under the service's name; an Apple page's link leaves the profile to Safari", async () => {
    const world = api.world()
    const token = await world.login('anna')
    const cases = [
      [{ mdmtype: 'android' }, 'enrollment-android-fully-managed.json', true],
      [{ mdmtype: 'android', byod: true }, 'enrollment-android-work-profile.json', true],
      [{ mdmtype: 'apple' }, 'enrollment-ios.mobileconfig', false],
      [{ mdmtype: 'apple', mac: true, byod: true }, 'enrollment-macos-byod.mobileconfig', false],
    ] as const
    for (const [request, fileName, saved] of cases) {
      const page = await world.call('user/mdmprofile', { token, ...request, html: true })
      const link = /<a href="([^"]+)"([^>]*)>/.exec(page.text)
      const href = link?.[1]?.replace(/&amp;/g, '&') ?? ''
      // iOS and macOS Safari offer to install a profile only when they navigate to it.
      expect(link?.[2]).toBe(saved ? ` download="${fileName}"` : '')
      const file = await world.inject({ method: 'GET', url: `/api/mdm/v2/user/${href}` })
      expect(file.headers['content-disposition']).toBe(`attachment; filename="${fileName}"`)
    }
  })

  it('the GET form takes the fields and the token as url-encoded JSON', async () => {
    const world = api.world()
    const token = await world.login('anna')
    const json = encodeURIComponent(
      JSON.stringify({ token, mdmtype: 'apple', mac: true, html: true }),
    )
    const answer = await world.inject({
      method: 'GET',
      url: `/api/mdm/v2/user/mdmprofile?json=${json}`,
    })
    expect(answer.text).toContain('<h1>Enroll your Mac</h1>')
    const admin = encodeURIComponent(
      JSON.stringify({ token: await world.login('admin'), mdmtype: 'apple' }),
    )
    expectFailure(
      await world.inject({ method: 'GET', url: `/api/mdm/v2/user/mdmprofile?json=${admin}` }),
      'forbidden',
      403,
    )
    expectFailure(
      await world.inject({ method: 'GET', url: '/api/mdm/v2/user/mdmprofile' }),
      'unauthorized',
      401,
    )
  })
})
