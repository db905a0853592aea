/**
 * Settings the server hands the portal at start-up, so one build serves any tenant.
 * (This is the portal server's own file, not the MDM API, which is why it is read here.)
 *
 * Read by hand rather than with a zod schema: this runs before the first page shows, where the
 * portal loads nothing it can fetch later, and the form is small and our own. A member of the
 * wrong type falls back to its default instead of costing the other settings.
 */
export interface Helpdesk {
  email: string | null
  phone: string | null
  url: string | null
  /** When the help desk answers, in the portal's languages. */
  hours: Texts | null
}

/** A text the organisation gives in each of the portal's languages. */
export interface Texts {
  en: string
  de: string
}

/** The organisation's own portal, as the server's settings name it; all null: the portal's own look. */
export interface Branding {
  name: Texts | null
  /** The logo on the portal's origin, and a PNG's size in pixels (an SVG scales). */
  logo: { url: string; size: { width: number; height: number } | null } | null
  privacyUrl: string | null
  termsUrl: string | null
  /** A short text above the sign-in form ("Use your work account"). */
  signInNotice: Texts | null
}

/** How long the service's access tokens live, when the server knows (for the expiry warning). */
export interface TokenTimes {
  lifetimeMs: number
  /** How long before the end the service says ExpiresSoon and renews. */
  renewalWindowMs: number
}

/** Sign-in with Microsoft (Entra ID, or any OpenID Connect provider in tests and the demo). */
export interface MicrosoftSignIn {
  clientId: string
  /** The OpenID Connect issuer, e.g. https://login.microsoftonline.com/<tenant>/v2.0. */
  authority: string
}

/** Tiles of the map on a device's page (Leaflet's URL template and the provider's credit). */
export interface MapTiles {
  url: string
  attribution: string | null
}

export interface PortalConfig {
  /** Where the MDM v2 API is, without a trailing slash. */
  apiBaseUrl: string
  /** The portal runs on the embedded demo service (shows its accounts on the sign-in page). */
  demo: boolean
  helpdesk: Helpdesk | null
  tokenTimes: TokenTimes | null
  microsoft: MicrosoftSignIn | null
  /** The e-mail and password form; off when the organisation signs in with Microsoft only. */
  passwordSignIn: boolean
  /** Null: no map (the server's CSP allows no tile server), coordinates and a link only. */
  map: MapTiles | null
  /** The server keeps records of activity, sign-ins and sessions (the pages that show them). */
  records: boolean
  branding: Branding
}

const DEFAULTS: PortalConfig = {
  apiBaseUrl: '/api/mdm/v2',
  demo: false,
  helpdesk: null,
  tokenTimes: null,
  microsoft: null,
  passwordSignIn: true,
  map: null,
  records: false,
  branding: { name: null, logo: null, privacyUrl: null, termsUrl: null, signInNotice: null },
}
let config: PortalConfig = DEFAULTS

function member(source: object, key: string): unknown {
  return key in source ? (source as Record<string, unknown>)[key] : undefined
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

function duration(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null
}

function tokenTimes(raw: unknown): TokenTimes | null {
  if (typeof raw !== 'object' || raw === null) return null
  const lifetimeMs = duration(member(raw, 'lifetimeMs'))
  const renewalWindowMs = duration(member(raw, 'renewalWindowMs'))
  return lifetimeMs && renewalWindowMs ? { lifetimeMs, renewalWindowMs } : null
}

function microsoftSignIn(value: unknown): MicrosoftSignIn | null {
  if (typeof value !== 'object' || value === null) return null
  const clientId = text(member(value, 'clientId'))
  const authority = text(member(value, 'authority'))
  return clientId && authority ? { clientId, authority } : null
}

function texts(value: unknown): Texts | null {
  if (typeof value !== 'object' || value === null) return null
  const en = text(member(value, 'en'))
  const de = text(member(value, 'de'))
  return en && de ? { en, de } : null
}

/** Only a web address becomes a link, whatever the settings say. */
function webAddress(value: unknown): string | null {
  const address = text(value)
  return address && /^https?:\/\//i.test(address) ? address : null
}

function size(value: unknown): { width: number; height: number } | null {
  if (typeof value !== 'object' || value === null) return null
  const width = duration(member(value, 'width'))
  const height = duration(member(value, 'height'))
  return width && height ? { width, height } : null
}

function branding(raw: unknown): Branding {
  if (typeof raw !== 'object' || raw === null) return DEFAULTS.branding
  const logo = member(raw, 'logo')
  // The logo comes from the portal's own origin only.
  const logoUrl = typeof logo === 'object' && logo !== null ? text(member(logo, 'url')) : null
  return {
    name: texts(member(raw, 'name')),
    logo:
      logoUrl?.startsWith('/') && !logoUrl.startsWith('//') && logo
        ? { url: logoUrl, size: size(member(logo, 'size')) }
        : null,
    privacyUrl: webAddress(member(raw, 'privacyUrl')),
    termsUrl: webAddress(member(raw, 'termsUrl')),
    signInNotice: texts(member(raw, 'signInNotice')),
  }
}

/** Turns what the server sent into settings; anything missing or malformed keeps its default. */
export function readConfig(raw: unknown): PortalConfig {
  if (typeof raw !== 'object' || raw === null) return DEFAULTS
  const helpdesk = member(raw, 'helpdesk')
  const demo = member(raw, 'demo')
  const microsoft = microsoftSignIn(member(raw, 'microsoft'))
  const passwordSignIn = member(raw, 'passwordSignIn')
  const map = member(raw, 'map')
  const records = member(raw, 'records')
  const tileUrl = typeof map === 'object' && map !== null ? text(member(map, 'url')) : null
  return {
    apiBaseUrl: (text(member(raw, 'apiBaseUrl')) ?? DEFAULTS.apiBaseUrl).replace(/\/+$/, ''),
    demo: typeof demo === 'boolean' ? demo : DEFAULTS.demo,
    helpdesk:
      typeof helpdesk === 'object' && helpdesk !== null
        ? {
            email: text(member(helpdesk, 'email')),
            phone: text(member(helpdesk, 'phone')),
            url: text(member(helpdesk, 'url')),
            hours: texts(member(helpdesk, 'hours')),
          }
        : null,
    tokenTimes: tokenTimes(member(raw, 'tokenTimes')),
    microsoft,
    // Without another way in, the password form stays, whatever the setting says.
    passwordSignIn: passwordSignIn === false && microsoft ? false : true,
    map:
      tileUrl && typeof map === 'object' && map !== null
        ? { url: tileUrl, attribution: text(member(map, 'attribution')) }
        : null,
    records: records === true,
    branding: branding(member(raw, 'branding')),
  }
}

export async function loadConfig(): Promise<PortalConfig> {
  try {
    const response = await fetch('/portal-config.json', { headers: { Accept: 'application/json' } })
    if (response.ok) config = readConfig(await response.json())
  } catch {
    // Without its settings the portal still works against the API on its own origin.
  }
  return config
}

export function getConfig(): PortalConfig {
  return config
}

/** Puts settings in place without the server's file (tests, and tools that embed the portal). */
export function setConfig(raw: unknown): void {
  config = readConfig(raw)
}
