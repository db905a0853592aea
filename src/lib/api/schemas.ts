import { z } from 'zod'

/**
 * Wire schemas of the MDM v2 API (spec: shared/spec/mdm-api-v2.md, api-facts.md).
 *
 * They accept what the real service sends: absent optional members, `null`s, unknown extra
 * members (stripped), and `/Date(ms)/` strings, which become `Date`s here at the edge.
 * `z.input<…>` of a schema is the wire shape (what the reference server produces),
 * `z.output<…>` is what the portal works with.
 */

const MS_DATE = /^\/Date\((-?\d+)(?:[+-]\d{4})?\)\/$/

/** Formats a `Date` the way the service does: `/Date(1608564096937)/`. */
export function toMsDate(date: Date | number): string {
  return `/Date(${typeof date === 'number' ? date : date.getTime()})/`
}

export const msDateSchema = z.string().transform((value, ctx) => {
  const match = MS_DATE.exec(value)
  if (!match?.[1]) {
    ctx.addIssue({ code: 'custom', message: `not a /Date(ms)/ value: ${value}` })
    return z.NEVER
  }
  return new Date(Number(match[1]))
})

/** "true for a supervised device; otherwise empty or false": empty may be "", null or absent. */
const looseFlag = z
  .union([z.boolean(), z.literal(''), z.null()])
  .optional()
  .transform((value) => value === true)

export const envelopeSchema = z.object({
  success: z.boolean(),
  errorcode: z.string().nullish(),
  errormessage: z.string().nullish(),
  tokenstatus: z.string().nullish(),
})
export type Envelope = z.output<typeof envelopeSchema>

const paging = {
  pagecount: z.number().int().optional(),
  pageindex: z.number().int().optional(),
  totalcount: z.number().int().optional(),
}

// ---------------------------------------------------------------------------------------------
// App

export const appActionSchema = z.object({ visible: z.boolean() })
export const appActionsSchema = z.object({
  install: appActionSchema.optional(),
  uninstall: appActionSchema.optional(),
  update: appActionSchema.optional(),
})

/** 0 unknown / not installed, 1 installing or uninstalling, 2 error, 3 installed and managed. */
export const APP_STATUS = { unknown: 0, pending: 1, error: 2, installed: 3 } as const

export const appSchema = z.object({
  id: z.string(),
  displayname: z.string().nullish(),
  /** AU app link, EA enterprise app, MU media link; other values are passed on as they are. */
  apptype: z.string().nullish(),
  /** Apple or Android. */
  platform: z.string().nullish(),
  devicetype: z.string().nullish(),
  compatibletodevice: z.boolean().nullish(),
  managed: z.boolean().nullish(),
  mandatory: z.boolean().nullish(),
  status: z.number().int().nullish(),
  statusdetails: z.string().nullish(),
  actions: appActionsSchema.nullish(),
})
export type App = z.output<typeof appSchema>
export type AppWire = z.input<typeof appSchema>

// ---------------------------------------------------------------------------------------------
// Device

export const DEVICE_TYPE = { ios: 2, android: 4, macos: 7 } as const
export const ENROLLMENT_TYPE = { zeroTouch: 0, dep: 1, userEnrollment: 2, knox: 3 } as const
export const ANDROID_FOR_WORK_TYPE = {
  none: 0,
  workProfile: 2,
  fullyManaged: 3,
  workProfileCompanyOwned: 4,
} as const

export const DEVICE_ACTIONS = [
  'lockscreen',
  'wipefull',
  'wipepartial',
  'enablelostmode',
  'disablelostmode',
  'requestlocation',
  'resetpasscode',
] as const
export type DeviceActionName = (typeof DEVICE_ACTIONS)[number]

export const deviceActionSchema = z.object({
  /** 1 = already pending, 0 otherwise. */
  status: z.number().int().catch(0),
  visible: z.boolean().catch(false),
})
export type DeviceAction = z.output<typeof deviceActionSchema>

const hiddenAction = { status: 0, visible: false }
export const deviceActionsSchema = z.object({
  lockscreen: deviceActionSchema.default(hiddenAction),
  wipefull: deviceActionSchema.default(hiddenAction),
  wipepartial: deviceActionSchema.default(hiddenAction),
  enablelostmode: deviceActionSchema.default(hiddenAction),
  disablelostmode: deviceActionSchema.default(hiddenAction),
  requestlocation: deviceActionSchema.default(hiddenAction),
  resetpasscode: deviceActionSchema.default(hiddenAction),
})
export type DeviceActions = z.output<typeof deviceActionsSchema>

export const locationSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  timestamp: msDateSchema.nullish(),
})
export type DeviceLocation = z.output<typeof locationSchema>

export const deviceSchema = z.object({
  clientid: z.string(),
  displayname: z.string().nullish(),
  /** 2 iOS/iPadOS, 4 Android, 7 macOS. */
  type: z.number().int().nullish(),
  osname: z.string().nullish(),
  modelname: z.string().nullish(),
  serialnumber: z.string().nullish(),
  imei: z.string().nullish(),
  mdmid: z.string().nullish(),
  exchangeid: z.string().nullish(),
  usersid: z.string().nullish(),
  enrollmenttype: z.number().int().nullish(),
  androidforworktype: z.number().int().nullish(),
  batterylevel: z.number().nullish(),
  freestorageinfo: z.string().nullish(),
  freestoragemb: z.number().nullish(),
  storagemb: z.number().nullish(),
  lastcontact: msDateSchema.nullish(),
  location: locationSchema.nullish(),
  lostmodeenabled: z.boolean().nullish(),
  recoverytoken: z.string().nullish(),
  managed: z.boolean().nullish(),
  mdmprofileremoved: z.boolean().nullish(),
  wiped: z.boolean().nullish(),
  passcodecompliant: z.boolean().nullish(),
  passwordenabled: z.boolean().nullish(),
  roaming: z.boolean().nullish(),
  supervised: looseFlag,
  actions: deviceActionsSchema
    .nullish()
    .transform((actions) => actions ?? deviceActionsSchema.parse({})),
})
export type Device = z.output<typeof deviceSchema>
export type DeviceWire = z.input<typeof deviceSchema>

// ---------------------------------------------------------------------------------------------
// User

export const userSchema = z.object({
  sid: z.string(),
  email: z.string(),
  displayname: z.string().nullish(),
  firstname: z.string().nullish(),
  lastname: z.string().nullish(),
  phone: z.string().nullish(),
  managedappleid: z.string().nullish(),
  enabled: z.boolean().nullish(),
})
export type User = z.output<typeof userSchema>
export type UserWire = z.input<typeof userSchema>

// ---------------------------------------------------------------------------------------------
// Results: the envelope plus the member each endpoint fills.

export const emptyResultSchema = envelopeSchema
export const authResultSchema = envelopeSchema.extend({ token: z.string().min(1) })
export const appListResultSchema = envelopeSchema.extend({ data: z.array(appSchema), ...paging })
export const appInfoResultSchema = envelopeSchema.extend({ data: appSchema })
export const deviceListResultSchema = envelopeSchema.extend({
  data: z.array(deviceSchema),
  ...paging,
})
export const deviceInfoResultSchema = envelopeSchema.extend({ deviceinfo: deviceSchema })
export const userInfoResultSchema = envelopeSchema.extend({ userinfo: userSchema })
export const userListResultSchema = envelopeSchema.extend({ data: z.array(userSchema), ...paging })
export const userCreateResultSchema = envelopeSchema.extend({
  data: z.object({ sid: z.string(), warningmessage: z.string().nullish() }),
})
export const resetPasswordInfoResultSchema = envelopeSchema.extend({
  userresetpasswordinfo: z.object({ displayname: z.string().nullish() }),
})
