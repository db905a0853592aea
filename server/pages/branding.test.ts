import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { PNG } from 'pngjs'
import { afterAll, describe, expect, test } from 'vitest'
import { brandingSettings, MAX_LOGO_BYTES, readBranding } from './branding.ts'
import { readConfig } from '../config.ts'

const folder = mkdtempSync(join(tmpdir(), 'portal-branding-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

function file(name: string, content: string | Buffer): string {
  const path = join(folder, name)
  writeFileSync(path, content)
  return path
}

function png(width: number, height: number): Buffer {
  return PNG.sync.write(new PNG({ width, height }))
}

const branding = (env: NodeJS.ProcessEnv) => readBranding(brandingSettings(env))

describe('branding settings', () => {
  test('none: the portal keeps its own look', () => {
    expect(branding({})).toEqual({
      name: null,
      logo: null,
      accent: null,
      privacyUrl: null,
      termsUrl: null,
      helpdeskHours: null,
      signInNotice: null,
    })
  })

  test('names, hours and notice in both languages; one given alone serves both', () => {
    const settings = branding({
      BRANDING_NAME_EN: ' Acme Devices ',
      BRANDING_NAME_DE: 'Acme Geräte',
      HELPDESK_HOURS_EN: 'Mon–Fri 8:00–18:00',
      BRANDING_SIGN_IN_NOTICE_DE: 'Melden Sie sich mit Ihrem Acme-Konto an.',
    })
    expect(settings.name).toEqual({ en: 'Acme Devices', de: 'Acme Geräte' })
    expect(settings.helpdeskHours).toEqual({ en: 'Mon–Fri 8:00–18:00', de: 'Mon–Fri 8:00–18:00' })
    expect(settings.signInNotice?.en).toBe('Melden Sie sich mit Ihrem Acme-Konto an.')
  })

  test('a name too long for the header, or text over several lines, is refused by name', () => {
    expect(() => branding({ BRANDING_NAME_DE: 'x'.repeat(61) })).toThrow(
      /^BRANDING_NAME_DE is 61 characters long; at most 60 fit\./,
    )
    expect(() => branding({ BRANDING_SIGN_IN_NOTICE_EN: 'one\ntwo' })).toThrow(
      /^BRANDING_SIGN_IN_NOTICE_EN must be one line/,
    )
  })

  test('privacy, terms and help desk links: https only, http for this machine alone', () => {
    expect(
      branding({
        BRANDING_PRIVACY_URL: 'https://acme.example/privacy',
        BRANDING_TERMS_URL: 'http://localhost:8000/terms',
      }),
    ).toMatchObject({
      privacyUrl: 'https://acme.example/privacy',
      termsUrl: 'http://localhost:8000/terms',
    })
    expect(() => branding({ BRANDING_PRIVACY_URL: 'http://acme.example/privacy' })).toThrow(
      /^BRANDING_PRIVACY_URL must start with https:\/\//,
    )
    expect(() => branding({ BRANDING_TERMS_URL: 'javascript:alert(1)' })).toThrow(
      /^BRANDING_TERMS_URL must start with https:\/\//,
    )
    expect(() => branding({ BRANDING_TERMS_URL: '/terms' })).toThrow(
      /^BRANDING_TERMS_URL must be an absolute https:\/\/ address/,
    )
    expect(() => readConfig({ HELPDESK_URL: 'http://help.example.com' })).toThrow(/^HELPDESK_URL/)
  })

  test('a colour without enough contrast stops the start, naming the setting', () => {
    expect(() => branding({ BRANDING_ACCENT_COLOR: '#7fd1ff' })).toThrow(
      /^BRANDING_ACCENT_COLOR #7fd1ff reaches only/,
    )
    expect(branding({ BRANDING_ACCENT_COLOR: '#0a5c36' }).accent?.light.primary).toBe('#0a5c36')
  })

  test('an SVG or PNG logo is served under a name from its content', () => {
    const svg = branding({ BRANDING_LOGO: file('logo.svg', '<svg viewBox="0 0 10 10"></svg>') })
    expect(svg.logo).toMatchObject({ type: 'image/svg+xml', size: null })
    expect(svg.logo?.path).toMatch(/^\/branding\/logo-[0-9a-f]{16}\.svg$/)
    const xml = '<?xml version="1.0"?>\n<!-- Acme -->\n<svg xmlns="http://www.w3.org/2000/svg"/>'
    expect(branding({ BRANDING_LOGO: file('logo-xml.svg', xml) }).logo?.type).toBe('image/svg+xml')
    const raster = branding({ BRANDING_LOGO: file('logo.png', png(256, 64)) })
    expect(raster.logo).toMatchObject({ type: 'image/png', size: { width: 256, height: 64 } })
    expect(raster.logo?.path).toMatch(/^\/branding\/logo-[0-9a-f]{16}\.png$/)
  })

  test('a logo that is missing, too big, too small or no image is refused by name', () => {
    expect(() => branding({ BRANDING_LOGO: join(folder, 'absent.svg') })).toThrow(
      /^BRANDING_LOGO .*absent\.svg is no file/,
    )
    const big = file('big.svg', `<svg>${' '.repeat(MAX_LOGO_BYTES)}</svg>`)
    expect(() => branding({ BRANDING_LOGO: big })).toThrow(/^BRANDING_LOGO .* at most 200 KB/)
    expect(() => branding({ BRANDING_LOGO: file('tiny.png', png(16, 16)) })).toThrow(
      /^BRANDING_LOGO .* is 16 × 16 pixels; each side must be 32 to 4096/,
    )
    expect(() => branding({ BRANDING_LOGO: file('logo.html', '<html><script/></html>') })).toThrow(
      /^BRANDING_LOGO .* must be an SVG or a PNG file/,
    )
  })

  test('BRANDING_FILE holds the same settings; a variable wins, a logo is found beside it', () => {
    file('acme.svg', '<svg viewBox="0 0 10 10"></svg>')
    const settingsFile = file(
      'branding.json',
      JSON.stringify({
        BRANDING_NAME_EN: 'Acme Devices',
        BRANDING_LOGO: 'acme.svg',
        HELPDESK_EMAIL: 'it@acme.example',
        HELPDESK_HOURS_DE: 'Mo–Fr 8–18 Uhr',
      }),
    )
    const config = readConfig({ BRANDING_FILE: settingsFile, BRANDING_NAME_EN: 'Acme' })
    expect(config.branding.name).toEqual({ en: 'Acme', de: 'Acme' })
    expect(config.branding.logo?.type).toBe('image/svg+xml')
    expect(config.branding.helpdeskHours?.de).toBe('Mo–Fr 8–18 Uhr')
    expect(config.helpdesk.email).toBe('it@acme.example')
    // A logo named by the variable is found from the working folder, not beside the file.
    const logo = readConfig({
      BRANDING_FILE: settingsFile,
      BRANDING_LOGO: 'e2e/branding/acme-logo.svg',
    })
    expect(logo.branding.logo?.type).toBe('image/svg+xml')
  })

  test('the logo stays inside its folder: the branding file’s, or the working folder', () => {
    const outside = file('outside.svg', '<svg viewBox="0 0 10 10"></svg>')
    const inner = join(folder, 'inner')
    mkdirSync(inner, { recursive: true })
    symlinkSync(outside, join(inner, 'linked.svg'))
    const settingsFile = (logo: string) => {
      const path = join(inner, 'branding.json')
      writeFileSync(path, JSON.stringify({ BRANDING_LOGO: logo }))
      return { BRANDING_FILE: path }
    }
    for (const logo of ['../outside.svg', outside, 'linked.svg']) {
      expect(() => branding(settingsFile(logo)), logo).toThrow(
        `BRANDING_LOGO ${logo} is outside its folder ${inner}: name a file in that folder or below it.`,
      )
    }
    // A relative name from the variable ("../../../../usr/share/…") never leaves the working
    // folder either.
    expect(() => branding({ BRANDING_LOGO: relative(process.cwd(), outside) })).toThrow(
      /is outside its folder/,
    )
    // The operator's own absolute path in the variable is theirs to choose.
    expect(branding({ BRANDING_LOGO: outside }).logo?.type).toBe('image/svg+xml')
  })

  test('a BRANDING_FILE that is unreadable, no object, or names an unknown setting is refused', () => {
    expect(() => branding({ BRANDING_FILE: join(folder, 'absent.json') })).toThrow(
      /^BRANDING_FILE .*absent\.json cannot be read/,
    )
    expect(() => branding({ BRANDING_FILE: file('broken.json', '{') })).toThrow(
      /^BRANDING_FILE .* is no valid JSON/,
    )
    expect(() => branding({ BRANDING_FILE: file('list.json', '[]') })).toThrow(
      /must hold one JSON object/,
    )
    expect(() =>
      branding({ BRANDING_FILE: file('typo.json', '{"BRANDING_COLOUR":"#000"}') }),
    ).toThrow(/has "BRANDING_COLOUR", which is no setting/)
    expect(() =>
      branding({ BRANDING_FILE: file('number.json', '{"BRANDING_NAME_EN":1}') }),
    ).toThrow(/^BRANDING_NAME_EN in BRANDING_FILE must be a string/)
  })
})
