import type { RequestBody } from '@contract/requests'
import type { Platform } from '@contract/platform'

/** The kinds of device the wizard enrolls are the portal's platforms; and who owns them. */
export { PLATFORMS, isPlatform, type Platform } from '@contract/platform'

export const OWNERS = ['company', 'personal'] as const
export type Owner = (typeof OWNERS)[number]

export function isOwner(value: unknown): value is Owner {
  return typeof value === 'string' && (OWNERS as readonly string[]).includes(value)
}

interface BrowserInfo {
  userAgent: string
  maxTouchPoints: number
}

function currentBrowser(): BrowserInfo {
  if (typeof navigator === 'undefined') return { userAgent: '', maxTouchPoints: 0 }
  return { userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints || 0 }
}

/**
 * The platform of the browser the wizard runs in, or null on a computer it cannot enroll
 * (Windows, Linux). iPadOS asks for desktop pages and reports itself as a Mac; only its touch
 * screen tells it apart.
 */
export function detectPlatform(browser: BrowserInfo = currentBrowser()): Platform | null {
  const ua = browser.userAgent
  if (/iPhone|iPad|iPod/i.test(ua)) return 'ios'
  if (/Android/i.test(ua)) return 'android'
  if (/Macintosh|Mac OS X/i.test(ua)) return browser.maxTouchPoints > 1 ? 'ios' : 'macos'
  return null
}

/**
 * iPhone and iPad install configuration profiles only from Safari; Chrome, Firefox and Edge on
 * iOS name themselves in the user agent.
 */
export function isIosOtherBrowser(browser: BrowserInfo = currentBrowser()): boolean {
  return (
    detectPlatform(browser) === 'ios' && /CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(browser.userAgent)
  )
}

/** Apple's User Enrollment (a personal iPhone, iPad or Mac) needs a managed Apple ID. */
export function needsManagedAppleId(platform: Platform, owner: Owner): boolean {
  return platform !== 'android' && owner === 'personal'
}

type ProfileRequest = RequestBody<'user/mdmprofile'>

/** What the interface's mdmprofile endpoint is asked for (spec: User endpoints, rule 6). */
export function profileRequest(platform: Platform, owner: Owner, html = false): ProfileRequest {
  return {
    mdmtype: platform === 'android' ? 'android' : 'apple',
    ...(owner === 'personal' ? { byod: true } : {}),
    ...(platform === 'macos' ? { mac: true } : {}),
    ...(html ? { html: true } : {}),
  }
}

const DEVICE_NAMES: Record<Platform, string> = { ios: 'iphone', android: 'android', macos: 'mac' }

/** A name to save the file under when the service does not suggest one. */
export function defaultFileName(platform: Platform, owner: Owner, contentType: string): string {
  const base = `enrollment-${DEVICE_NAMES[platform]}${owner === 'personal' ? '-personal' : ''}`
  return `${base}.${extensionFor(platform, contentType)}`
}

function extensionFor(platform: Platform, contentType: string): string {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  if (type.includes('apple-aspen-config')) return 'mobileconfig'
  if (type === 'application/json') return 'json'
  if (type === 'text/html') return 'html'
  if (type === 'text/plain') return 'txt'
  return platform === 'android' ? 'json' : 'mobileconfig'
}
