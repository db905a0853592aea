import { createHash } from 'node:crypto'
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs'
import { dirname, isAbsolute, relative, resolve } from 'node:path'
import { accentColors, type AccentColors } from './branding-colors.ts'

/**
 * The organisation's own portal: its name, logo, accent colour, privacy statement and terms,
 * the help desk's hours and a notice on the sign-in page. Set by environment variables or by one
 * JSON file (BRANDING_FILE) whose keys are the same names; a variable wins over the file.
 */
export interface Texts {
  en: string
  de: string
}

export interface Logo {
  /** Served from the portal's own origin under a name that changes with the content. */
  path: string
  type: 'image/svg+xml' | 'image/png'
  content: Buffer
  /** A PNG's size in pixels; null for an SVG (it scales). */
  size: { width: number; height: number } | null
}

export interface Branding {
  name: Texts | null
  logo: Logo | null
  accent: AccentColors | null
  privacyUrl: string | null
  termsUrl: string | null
  helpdeskHours: Texts | null
  signInNotice: Texts | null
}

const BRANDING_SETTINGS = [
  'BRANDING_NAME_EN',
  'BRANDING_NAME_DE',
  'BRANDING_LOGO',
  'BRANDING_ACCENT_COLOR',
  'BRANDING_PRIVACY_URL',
  'BRANDING_TERMS_URL',
  'HELPDESK_EMAIL',
  'HELPDESK_PHONE',
  'HELPDESK_URL',
  'HELPDESK_HOURS_EN',
  'HELPDESK_HOURS_DE',
  'BRANDING_SIGN_IN_NOTICE_EN',
  'BRANDING_SIGN_IN_NOTICE_DE',
] as const

/** A logo above this size slows every first visit; a real one is a few kilobytes. */
export const MAX_LOGO_BYTES = 200 * 1024
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

type Settings = Partial<Record<(typeof BRANDING_SETTINGS)[number], string>>

/** The settings of BRANDING_FILE and the environment together, and the folder the logo is in. */
export function brandingSettings(env: NodeJS.ProcessEnv): {
  settings: Settings
  folder: string
  logoInFile: boolean
} {
  const file = env.BRANDING_FILE
  let fromFile: Record<string, unknown> = {}
  if (file) {
    let raw: unknown
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'))
    } catch (error) {
      const why = error instanceof SyntaxError ? 'is no valid JSON' : 'cannot be read'
      throw new Error(`BRANDING_FILE ${file} ${why}.`)
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      throw new Error(`BRANDING_FILE ${file} must hold one JSON object of settings.`)
    }
    fromFile = raw as Record<string, unknown>
    const unknown = Object.keys(fromFile).find(
      (key) => !(BRANDING_SETTINGS as readonly string[]).includes(key),
    )
    if (unknown) {
      throw new Error(
        `BRANDING_FILE ${file} has "${unknown}", which is no setting; it knows ${BRANDING_SETTINGS.join(', ')}.`,
      )
    }
  }
  const settings: Settings = {}
  for (const name of BRANDING_SETTINGS) {
    const value = env[name] || fromFile[name]
    if (value === undefined || value === '') continue
    if (typeof value !== 'string') throw new Error(`${name} in BRANDING_FILE must be a string.`)
    settings[name] = value
  }
  // A logo named in the file is found beside it; one named by the variable, from here.
  const logoInFile = Boolean(file && !env.BRANDING_LOGO)
  const folder = file && logoInFile ? dirname(resolve(file)) : process.cwd()
  return { settings, folder, logoInFile }
}

/** One line of plain text, in both languages: one given alone serves both. */
function texts(settings: Settings, base: string, maxLength: number): Texts | null {
  const en = settings[`${base}_EN` as keyof Settings]?.trim()
  const de = settings[`${base}_DE` as keyof Settings]?.trim()
  for (const [name, value] of [
    [`${base}_EN`, en],
    [`${base}_DE`, de],
  ] as const) {
    if (value === undefined) continue
    if (value.length > maxLength) {
      throw new Error(`${name} is ${value.length} characters long; at most ${maxLength} fit.`)
    }
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(value)) {
      throw new Error(`${name} must be one line of text without control characters.`)
    }
  }
  if (!en && !de) return null
  return { en: en || de || '', de: de || en || '' }
}

/** A link the portal shows: https, or http for a page on this machine. */
export function pageLink(name: string, value: string | undefined): string | null {
  if (!value) return null
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`${name} must be an absolute https:// address, not "${value}".`)
  }
  const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
    throw new Error(
      `${name} must start with https:// (http:// only for localhost), not "${value}".`,
    )
  }
  if (url.username || url.password) throw new Error(`${name} must not contain credentials.`)
  return url.href
}

function pngSize(content: Buffer): { width: number; height: number } | null {
  if (content.length < 24 || !content.subarray(0, 8).equals(PNG_SIGNATURE)) return null
  if (content.toString('latin1', 12, 16) !== 'IHDR') return null
  return { width: content.readUInt32BE(16), height: content.readUInt32BE(20) }
}

function isSvg(content: Buffer): boolean {
  const head = content.toString('utf8', 0, 2048).replace(/^\uFEFF/, '')
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(head)
}

/** Whether `file` (links followed) lies inside `folder`. */
function isInside(file: string, folder: string): boolean {
  const path = relative(realpathSync(folder), realpathSync(file))
  return path !== '' && !path.startsWith('..') && !isAbsolute(path)
}

/**
 * The logo, a file inside its folder: the branding file's, or for the variable the working
 * folder. The logo is served to anyone, so a relative name never reaches other files of the
 * server ("../../etc/…"); only the variable may name a file elsewhere, by its absolute path.
 */
function readLogo(value: string | undefined, folder: string, fromFile = false): Logo | null {
  if (!value) return null
  const file = resolve(folder, value)
  if (!existsSync(file) || !statSync(file).isFile()) {
    throw new Error(`BRANDING_LOGO ${file} is no file.`)
  }
  if ((fromFile || !isAbsolute(value)) && !isInside(file, folder)) {
    throw new Error(
      `BRANDING_LOGO ${value} is outside its folder ${folder}: name a file in that folder or below it.`,
    )
  }
  const bytes = statSync(file).size
  if (bytes > MAX_LOGO_BYTES) {
    throw new Error(
      `BRANDING_LOGO ${file} has ${Math.ceil(bytes / 1024)} KB; at most ${MAX_LOGO_BYTES / 1024} KB are allowed.`,
    )
  }
  const content = readFileSync(file)
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 16)
  const size = pngSize(content)
  if (size) {
    if (Math.min(size.width, size.height) < 32 || Math.max(size.width, size.height) > 4096) {
      throw new Error(
        `BRANDING_LOGO ${file} is ${size.width} × ${size.height} pixels; each side must be 32 to 4096.`,
      )
    }
    return { path: `/branding/logo-${hash}.png`, type: 'image/png', content, size }
  }
  if (isSvg(content)) {
    return { path: `/branding/logo-${hash}.svg`, type: 'image/svg+xml', content, size: null }
  }
  throw new Error(`BRANDING_LOGO ${file} must be an SVG or a PNG file.`)
}

/** The branding settings, checked; every error names the setting to correct. */
export function readBranding({
  settings,
  folder,
  logoInFile,
}: ReturnType<typeof brandingSettings>): Branding {
  return {
    name: texts(settings, 'BRANDING_NAME', 60),
    logo: readLogo(settings.BRANDING_LOGO, folder, logoInFile),
    accent: settings.BRANDING_ACCENT_COLOR
      ? accentColors('BRANDING_ACCENT_COLOR', settings.BRANDING_ACCENT_COLOR)
      : null,
    privacyUrl: pageLink('BRANDING_PRIVACY_URL', settings.BRANDING_PRIVACY_URL),
    termsUrl: pageLink('BRANDING_TERMS_URL', settings.BRANDING_TERMS_URL),
    helpdeskHours: texts(settings, 'HELPDESK_HOURS', 120),
    signInNotice: texts(settings, 'BRANDING_SIGN_IN_NOTICE', 300),
  }
}

/** Whether any setting changes the portal's look (the demo keeps its own without them). */
export function isBranded(branding: Branding): boolean {
  return Boolean(branding.name || branding.logo || branding.accent)
}
