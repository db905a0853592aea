import { describe, expect, it } from 'vitest'
import { applyUserTheme, getThemeChoice, resolveTheme, setThemeChoice } from './theme'

const theme = () => document.documentElement.dataset.theme

describe('theme', () => {
  it("follows the system's setting unless light or dark was chosen", () => {
    expect(resolveTheme('system', true)).toBe('dark')
    expect(resolveTheme('system', false)).toBe('light')
    expect(resolveTheme('light', true)).toBe('light')
    expect(resolveTheme('dark', false)).toBe('dark')
  })

  it('applies a choice at once and keeps it for the next first paint', () => {
    setThemeChoice('dark')
    expect(theme()).toBe('dark')
    // public/theme.js reads this key before the portal starts.
    expect(localStorage.getItem('mdm.theme')).toBe('dark')
    setThemeChoice('light')
    expect(theme()).toBe('light')
  })

  it('keeps the choice per user: each gets their own when they sign in', () => {
    setThemeChoice('dark', 'anna')
    applyUserTheme('ben')
    // Ben never chose: the system's setting (light in jsdom).
    expect(getThemeChoice()).toBe('system')
    expect(theme()).toBe('light')
    setThemeChoice('light', 'ben')
    applyUserTheme('anna')
    expect(getThemeChoice()).toBe('dark')
    expect(theme()).toBe('dark')
    expect(localStorage.getItem('mdm.theme')).toBe('dark')
    applyUserTheme('ben')
    expect(theme()).toBe('light')
  })
})
