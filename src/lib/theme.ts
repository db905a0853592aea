/**
 * The colour theme: the system's setting, or light or dark as the user chose. The choice is kept
 * per user (in localStorage under their id) and, for the next visit's first paint before anyone
 * has signed in, as the browser's last choice, which the page's inline script (index.html) reads. The page carries the
 * theme in use as `data-theme` on <html>; the styles' colour tokens follow it.
 */
import { useSyncExternalStore } from 'react'

export const THEME_CHOICES = ['system', 'light', 'dark'] as const
export type ThemeChoice = (typeof THEME_CHOICES)[number]

const LAST_KEY = 'mdm.theme'
const userKey = (user: string) => `mdm.theme.user.${user}`
const DARK_QUERY = '(prefers-color-scheme: dark)'

function isChoice(value: unknown): value is ThemeChoice {
  return typeof value === 'string' && (THEME_CHOICES as readonly string[]).includes(value)
}

function read(key: string): ThemeChoice | null {
  try {
    const value = localStorage.getItem(key)
    return isChoice(value) ? value : null
  } catch {
    return null
  }
}

function write(key: string, choice: ThemeChoice) {
  try {
    localStorage.setItem(key, choice)
  } catch {
    // Private modes may refuse storage; the choice then lasts for this page only.
  }
}

function systemIsDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia(DARK_QUERY).matches
}

/** The theme a choice comes to now: the system's for `system`. */
export function resolveTheme(choice: ThemeChoice, dark = systemIsDark()): 'light' | 'dark' {
  return choice === 'system' ? (dark ? 'dark' : 'light') : choice
}

let choice: ThemeChoice = read(LAST_KEY) ?? 'system'
const listeners = new Set<() => void>()

function apply() {
  if (typeof document !== 'undefined') {
    document.documentElement.dataset.theme = resolveTheme(choice)
  }
  for (const listener of listeners) listener()
}

if (typeof matchMedia === 'function') {
  matchMedia(DARK_QUERY).addEventListener('change', () => {
    if (choice === 'system') apply()
  })
}

/** The user chose a theme: it applies at once and is kept for them and for the next visit. */
export function setThemeChoice(next: ThemeChoice, user?: string) {
  choice = next
  write(LAST_KEY, next)
  if (user) write(userKey(user), next)
  apply()
}

/** A user signed in: their own choice applies (the system's when they never made one). */
export function applyUserTheme(user: string) {
  const own = read(userKey(user)) ?? 'system'
  if (own !== choice) setThemeChoice(own, user)
  else write(LAST_KEY, own)
}

export function getThemeChoice(): ThemeChoice {
  return choice
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useThemeChoice(): ThemeChoice {
  // The server draws pages for any visitor: the system's setting, until the page has started.
  return useSyncExternalStore(subscribe, getThemeChoice, () => 'system')
}
