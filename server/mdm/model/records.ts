import type { DeviceActionName } from '../../../contract/schemas.ts'
import type { ProfileVariant } from './profile-variant.ts'

/** The records one world keeps. The wire shapes are derived from them. */

export type Culture = 'de-DE' | 'en-US'

export interface Tenant {
  id: string
  name: string
  /** Group templates a new user can be created with; the first is the default group. */
  groupTemplates: { id: number; name: string }[]
}

/** What users and administrators share: a login with a password. */
export interface Account {
  sid: string
  email: string
  firstname: string
  lastname: string
  displayname: string
  emailculture: Culture
  /** scrypt hash; null while an invited user has not set a password yet. */
  passwordHash: string | null
}

export interface UserRecord extends Account {
  kind: 'user'
  tenantId: string
  phone: string | null
  managedappleid: string | null
  enabled: boolean
  groupTemplateId: number
  /** Ids of the apps assigned to the user (and thereby to the user's devices). */
  appIds: Set<string>
}

export interface AdminRecord extends Account {
  kind: 'admin'
  apiKey: string
  /** The tenants this administrator reaches; the first is used when only one is reachable. */
  tenantIds: string[]
}

export type Platform = 'Apple' | 'Android'
export type FormFactor = 'smartphone' | 'tablet' | 'desktop'

export interface AppRecord {
  id: string
  tenantId: string
  displayname: string
  apptype: 'AU' | 'EA' | 'MU'
  platform: Platform
  /** SmartphoneAndTablet (the one value the real service shows), Smartphone, Tablet or Desktop. */
  devicetype: string
  managed: boolean
  mandatory: boolean
  /** Colour of the generated icon, or null for an app without an image. */
  iconColor: [number, number, number] | null
}

/** The state of one app on one device, as the device last reported it. */
export interface AppState {
  status: number
  statusdetails: string | null
  updateAvailable: boolean
}

export interface DeviceLocation {
  latitude: number
  longitude: number
  timestamp: number
}

export interface DeviceRecord {
  clientid: string
  tenantId: string
  /** sid of the owner; null once the owner was deleted. */
  usersid: string | null
  displayname: string
  type: number
  formFactor: FormFactor
  osname: string
  modelname: string
  /** null where the management mode hides it (User Enrollment, a personal Android work profile). */
  serialnumber: string | null
  imei: string | null
  mdmid: string
  exchangeid: string | null
  enrollmenttype: number | null
  androidforworktype: number
  supervised: boolean
  batterylevel: number
  freestoragemb: number
  storagemb: number
  lastcontact: number
  location: DeviceLocation | null
  lostmodeenabled: boolean
  recoverytoken: string | null
  managed: boolean
  mdmprofileremoved: boolean
  wiped: boolean
  passcodecompliant: boolean
  passwordenabled: boolean
  roaming: boolean
  /** Per-app state on this device; an app without an entry has status 0. */
  apps: Map<string, AppState>
}

/** A device as enrollment leaves it: managed, in no special mode, not yet located. */
export const FRESHLY_ENROLLED = {
  exchangeid: null,
  location: null,
  lostmodeenabled: false,
  recoverytoken: null,
  managed: true,
  mdmprofileremoved: false,
  wiped: false,
  passcodecompliant: true,
  roaming: false,
} as const satisfies Partial<DeviceRecord>

export interface TokenRecord {
  kind: 'user' | 'admin'
  sid: string
  tenantId: string
  issuedAt: number
  /** When the user entered the password: renewals carry it on, the session ends with it. */
  signedInAt: number
}

export interface ResetTokenRecord {
  kind: 'user' | 'admin'
  sid: string
  expiresAt: number
}

export type CommandType = DeviceActionName | 'requestapplist' | 'install' | 'uninstall'

export interface Command {
  id: number
  type: CommandType
  clientid: string
  /** The app of an install or uninstall command. */
  appId: string | null
  password: string | null
  timer: NodeJS.Timeout | null
}

/** An enrollment file was downloaded: a device of this kind is being set up with it. */
export interface PendingEnrollment {
  /** The user and the profile variant; a second download of the same kind is not a second device. */
  key: string
  usersid: string
  variant: ProfileVariant
  timer: NodeJS.Timeout | null
}

export type MailKind = 'invitation' | 'reset' | 'passwordChanged' | 'enrollment'

export interface Mail {
  id: number
  kind: MailKind
  to: string
  language: 'en' | 'de'
  subject: string
  text: string
  links: string[]
  sentAt: number
}

/** The failed sign-ins of one name from one address, which delay the next attempts. */
export interface FailureRecord {
  failures: number
  lastAt: number
  /** Until then attempts of this name from this address are refused without a check. */
  waitUntil: number
}
