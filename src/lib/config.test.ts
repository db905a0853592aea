import { describe, expect, it } from 'vitest'
import { readConfig } from './config'

describe('readConfig: the map', () => {
  it("takes the server's tile server and credit line", () => {
    expect(
      readConfig({ map: { url: 'https://t.example.com/{z}/{x}/{y}.png', attribution: '© OSM' } })
        .map,
    ).toEqual({ url: 'https://t.example.com/{z}/{x}/{y}.png', attribution: '© OSM' })
    expect(readConfig({ map: { url: 'https://t.example.com/{z}/{x}/{y}.png' } }).map).toEqual({
      url: 'https://t.example.com/{z}/{x}/{y}.png',
      attribution: null,
    })
  })

  it('shows no map when the server names none, or sends something else', () => {
    expect(readConfig({}).map).toBeNull()
    expect(readConfig({ map: null }).map).toBeNull()
    expect(readConfig({ map: { url: 42 } }).map).toBeNull()
    expect(readConfig({ map: 'https://t.example.com' }).map).toBeNull()
  })
})

describe("readConfig: the organisation's portal", () => {
  it('takes its name, logo, links, notice and the help desk hours', () => {
    const config = readConfig({
      helpdesk: { email: 'it@acme.example', hours: { en: 'Mon–Fri', de: 'Mo–Fr' } },
      branding: {
        name: { en: 'Acme Devices', de: 'Acme Geräte' },
        logo: { url: '/branding/logo-0123456789abcdef.png', size: { width: 256, height: 64 } },
        privacyUrl: 'https://acme.example/privacy',
        termsUrl: 'https://acme.example/terms',
        signInNotice: { en: 'Use your Acme account.', de: 'Ihr Acme-Konto.' },
      },
    })
    expect(config.helpdesk?.hours).toEqual({ en: 'Mon–Fri', de: 'Mo–Fr' })
    expect(config.branding).toEqual({
      name: { en: 'Acme Devices', de: 'Acme Geräte' },
      logo: { url: '/branding/logo-0123456789abcdef.png', size: { width: 256, height: 64 } },
      privacyUrl: 'https://acme.example/privacy',
      termsUrl: 'https://acme.example/terms',
      signInNotice: { en: 'Use your Acme account.', de: 'Ihr Acme-Konto.' },
    })
  })

  it("keeps the portal's own look without it, and takes a logo from the portal's origin only", () => {
    const own = { name: null, logo: null, privacyUrl: null, termsUrl: null, signInNotice: null }
    expect(readConfig({}).branding).toEqual(own)
    expect(readConfig({ branding: 'Acme' }).branding).toEqual(own)
    for (const url of ['https://evil.example/logo.svg', '//evil.example/logo.svg', 'logo.svg']) {
      expect(readConfig({ branding: { logo: { url } } }).branding.logo).toBeNull()
    }
    expect(
      readConfig({ branding: { privacyUrl: 'javascript:alert(1)', name: { en: 'Acme' } } })
        .branding,
    ).toEqual(own)
  })
})
