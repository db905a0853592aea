import { describe, expect, test } from 'vitest'
import { accentColors, accentSheet, contrast } from './branding-colors.ts'

describe('the accent colour', () => {
  test("WCAG's contrast ratio: black on white is 21:1, a colour on itself 1:1", () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrast('#1f4e8c', '#1f4e8c')).toBe(1)
    // The portal's own blue on white, as the tokens promise: above AA's 4.5:1.
    expect(contrast('#1f4e8c', '#ffffff')).toBeGreaterThan(4.5)
  })

  test('is taken as given in the light theme, and lightened in the dark one until it reads', () => {
    const { light, dark } = accentColors('BRANDING_ACCENT_COLOR', '#0A5C36')
    expect(light.primary).toBe('#0a5c36')
    expect(light.text).toBe('#ffffff')
    for (const surface of ['#f5f7fa', '#ffffff']) {
      expect(contrast(light.primary, surface)).toBeGreaterThanOrEqual(4.5)
    }
    expect(dark.primary).not.toBe(light.primary)
    for (const surface of ['#111923', '#1a2431']) {
      expect(contrast(dark.primary, surface)).toBeGreaterThanOrEqual(4.5)
    }
    expect(contrast(dark.primary, dark.text)).toBeGreaterThanOrEqual(4.5)
    expect(contrast(light.hover, light.text)).toBeGreaterThanOrEqual(4.5)
  })

  test('accepts the short form #abc', () => {
    expect(accentColors('BRANDING_ACCENT_COLOR', '#036').light.primary).toBe('#003366')
  })

  test('a colour too light for text on the light theme stops the start, naming the setting', () => {
    expect(() => accentColors('BRANDING_ACCENT_COLOR', '#ffd700')).toThrow(
      /^BRANDING_ACCENT_COLOR #ffd700 reaches only 1\.\d+:1 .* 4\.5:1/,
    )
    // Just too light: #767676 is AA on white but not on the page's grey background.
    expect(() => accentColors('BRANDING_ACCENT_COLOR', '#767676')).toThrow(/BRANDING_ACCENT_COLOR/)
  })

  test('anything but a hex colour is refused with an example', () => {
    for (const value of ['green', 'rgb(0,0,0)', '#12345', '0a5c36', '#0a5c36; }']) {
      expect(() => accentColors('BRANDING_ACCENT_COLOR', value)).toThrow(
        /BRANDING_ACCENT_COLOR must be a colour like #0a5c36/,
      )
    }
  })

  test('the sheet sets the tokens of both themes and nothing else', () => {
    const sheet = accentSheet(accentColors('BRANDING_ACCENT_COLOR', '#0a5c36'))
    expect(sheet).toMatch(/^:root\{--color-primary:#0a5c36;--color-primary-hover:#[0-9a-f]{6};/)
    expect(sheet).toMatch(/:root\[data-theme='dark'\]\{--color-primary:#[0-9a-f]{6};/)
    expect(sheet.split('\n').filter(Boolean)).toHaveLength(2)
  })
})
