import { PENDING_MEMBERS, type PendingMember } from './commands'
import { z } from './zod'

/** An object that is not an array: what `z.object` accepts. */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Wire schemas of the MDM v2 API (spec: shared/spec/mdm-api-v2.md, api-facts.md).
 *
 * They accept what the real service sends: absent optional members, `null`s, unknown extra
 * members (stripped), and `/Date(ms)/` strings, which become `Date`s here at the edge.
 * `z.input<…>` of a schema is the wire shape (what the reference server produces),
 * `z.output<…>` is what the portal works with.
 *
 * Written with zod/mini (functions instead of methods): it tree-shakes, and these schemas load
 * with the portal's first page, before anyone has signed in. For the same reason each is built
 * the first time something parses with it (`z.lazy`), not as the module loads: zod sets a schema
 * up in full when it is made, a few milliseconds for all of these on a phone, and a screen needs
 * the few its answers are read with. The parts several schemas share are built once (`once`).
 */

function once<T>(build: () => T): () => T {
  let value: T | undefined
  return () => (value ??= build())
}

const MS_DATE = /^\/Date\((-?\d+)(?:[+-]\d{4})?\)\/$/

/** Formats a `Date` the way the service does: `/Date(1608564096937)/`. */
export function toMsDate(date: Date | number): string {
  return `/Date(${typeof date === 'number' ? date : date.getTime()})/`
}

const msDate = once(() =>
  z.pipe(
    z.string(),
    z.transform((value: string, ctx) => {
      const match = MS_DATE.exec(value)
      if (!match?.[1]) {
        ctx.issues.push({
          code: 'custom',
          message: `not a /Date(ms)/ value: ${value}`,
          input: value,
        })
        return z.NEVER
      }
      return new Date(Number(match[1]))
    }),
  ),
)

/** "true for a supervised device; otherwise empty or false": empty may be "", null or absent. */
const looseFlag = once(() =>
  z.pipe(
    z.optional(z.union([z.boolean(), z.literal(''), z.null()])),
    z.transform((value: boolean | '' | null | undefined) => value === true),
  ),
)

const envelope = once(() =>
  z.object({
    success: z.boolean(),
    errorcode: z.nullish(z.string()),
    errormessage: z.nullish(z.string()),
    tokenstatus: z.nullish(z.string()),
  }),
)
export const envelopeSchema = z.lazy(envelope)

const paging = once(() => ({
  pagecount: z.optional(z.int()),
  pageindex: z.optional(z.int()),
  totalcount: z.optional(z.int()),
}))

// ---------------------------------------------------------------------------------------------
// App

const appActions = once(() => {
  const action = z.object({ visible: z.boolean() })
  return z.object({
    install: z.optional(action),
    uninstall: z.optional(action),
    update: z.optional(action),
  })
})

/** 0 unknown / not installed, 1 installing or uninstalling, 2 error, 3 installed and managed. */
export const APP_STATUS = { unknown: 0, pending: 1, error: 2, installed: 3 } as const

const app = once(() =>
  z.object({
    id: z.string(),
    displayname: z.nullish(z.string()),
    /** AU app link, EA enterprise app, MU media link; other values are passed on as they are. */
    apptype: z.nullish(z.string()),
    /** Apple or Android. */
    platform: z.nullish(z.string()),
    devicetype: z.nullish(z.string()),
    compatibletodevice: z.nullish(z.boolean()),
    managed: z.nullish(z.boolean()),
    mandatory: z.nullish(z.boolean()),
    status: z.nullish(z.int()),
    statusdetails: z.nullish(z.string()),
    actions: z.nullish(appActions()),
  }),
)
export type App = z.output<ReturnType<typeof app>>
export type AppWire = z.input<ReturnType<typeof app>>

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

/** The members of a device's `actions`: each shows one command pending (contract/commands.ts). */
export const DEVICE_ACTIONS: readonly PendingMember[] = PENDING_MEMBERS
export type DeviceActionName = PendingMember

const deviceAction = once(() =>
  z.object({
    /** 1 = already pending, 0 otherwise. */
    status: z.catch(z.int(), 0),
    visible: z.catch(z.boolean(), false),
  }),
)

const hiddenAction = { status: 0, visible: false }
export const deviceActionsSchema = z.lazy(() => {
  const action = z._default(deviceAction(), hiddenAction)
  return z.object(
    Object.fromEntries(DEVICE_ACTIONS.map((name) => [name, action])) as Record<
      DeviceActionName,
      typeof action
    >,
  )
})
type DeviceActions = z.output<typeof deviceActionsSchema>
type DeviceActionsWire = z.input<typeof deviceActionsSchema>

/**
 * A device's actions as `deviceActionsSchema` reads them (absent or null: all hidden). Eight
 * nested objects per device were half the time it took to parse a list of 5,000 devices, so
 * actions in the form the service sends (each absent, or an integer status and a boolean
 * visible) are copied directly, and only anything else goes through the schema, which decides.
 */
function readDeviceActions(
  wire: DeviceActionsWire | null | undefined,
  ctx: { issues: z.core.$ZodRawIssue[] },
): DeviceActions {
  // What the service sent, whatever the type says: checked here. None at all: all hidden.
  const value: unknown = wire ?? {}
  if (isRecord(value)) {
    const actions: Partial<DeviceActions> = {}
    for (const name of DEVICE_ACTIONS) {
      const action = value[name]
      if (action === undefined) {
        actions[name] = { ...hiddenAction }
        continue
      }
      if (!isRecord(action)) break
      const { status, visible } = action
      if (!Number.isSafeInteger(status) || typeof visible !== 'boolean') break
      actions[name] = { status: Number(status), visible }
    }
    if (isComplete(actions)) return actions
  }
  const result = z.safeParse(deviceActionsSchema, value)
  if (result.success) return result.data
  for (const issue of result.error.issues) {
    ctx.issues.push({ code: 'custom', message: issue.message, input: value, path: issue.path })
  }
  return z.NEVER
}

function isComplete(actions: Partial<DeviceActions>): actions is DeviceActions {
  return DEVICE_ACTIONS.every((name) => actions[name] !== undefined)
}

const location = once(() =>
  z.object({
    latitude: z.number(),
    longitude: z.number(),
    timestamp: z.nullish(msDate()),
    /**
     * Radius in metres. The service documents none (api-facts.md); should a release add it, the
     * portal shows it, and a value that is not a positive number is ignored.
     */
    accuracy: z.catch(z.nullish(z.number().check(z.positive())), null),
  }),
)
export type DeviceLocation = z.output<ReturnType<typeof location>>

const device = once(() =>
  z.object({
    clientid: z.string(),
    displayname: z.nullish(z.string()),
    /** 2 iOS/iPadOS, 4 Android, 7 macOS. */
    type: z.nullish(z.int()),
    osname: z.nullish(z.string()),
    modelname: z.nullish(z.string()),
    serialnumber: z.nullish(z.string()),
    imei: z.nullish(z.string()),
    mdmid: z.nullish(z.string()),
    exchangeid: z.nullish(z.string()),
    usersid: z.nullish(z.string()),
    enrollmenttype: z.nullish(z.int()),
    androidforworktype: z.nullish(z.int()),
    batterylevel: z.nullish(z.number()),
    freestorageinfo: z.nullish(z.string()),
    freestoragemb: z.nullish(z.number()),
    storagemb: z.nullish(z.number()),
    lastcontact: z.nullish(msDate()),
    location: z.nullish(location()),
    lostmodeenabled: z.nullish(z.boolean()),
    recoverytoken: z.nullish(z.string()),
    managed: z.nullish(z.boolean()),
    mdmprofileremoved: z.nullish(z.boolean()),
    wiped: z.nullish(z.boolean()),
    passcodecompliant: z.nullish(z.boolean()),
    passwordenabled: z.nullish(z.boolean()),
    roaming: z.nullish(z.boolean()),
    supervised: looseFlag(),
    actions: z.pipe(z.nullish(z.custom<DeviceActionsWire>()), z.transform(readDeviceActions)),
  }),
)
export const deviceSchema = z.lazy(device)
export type Device = z.output<typeof deviceSchema>
export type DeviceWire = z.input<typeof deviceSchema>

// ---------------------------------------------------------------------------------------------
// User

const user = once(() =>
  z.object({
    sid: z.string(),
    email: z.string(),
    displayname: z.nullish(z.string()),
    firstname: z.nullish(z.string()),
    lastname: z.nullish(z.string()),
    phone: z.nullish(z.string()),
    managedappleid: z.nullish(z.string()),
    enabled: z.nullish(z.boolean()),
  }),
)
export type User = z.output<ReturnType<typeof user>>
export type UserWire = z.input<ReturnType<typeof user>>

// ---------------------------------------------------------------------------------------------
// Results: the envelope plus the member each endpoint fills.

export const emptyResultSchema = envelopeSchema
export const authResultSchema = z.lazy(() =>
  z.extend(envelope(), { token: z.string().check(z.minLength(1)) }),
)
export const appListResultSchema = z.lazy(() =>
  z.extend(envelope(), { data: z.array(app()), ...paging() }),
)
export const appInfoResultSchema = z.lazy(() => z.extend(envelope(), { data: app() }))
export const deviceListResultSchema = z.lazy(() =>
  z.extend(envelope(), { data: z.array(device()), ...paging() }),
)
export const deviceInfoResultSchema = z.lazy(() => z.extend(envelope(), { deviceinfo: device() }))
export const userInfoResultSchema = z.lazy(() => z.extend(envelope(), { userinfo: user() }))
export const userListResultSchema = z.lazy(() =>
  z.extend(envelope(), { data: z.array(user()), ...paging() }),
)
export const userCreateResultSchema = z.lazy(() =>
  z.extend(envelope(), {
    data: z.object({ sid: z.string(), warningmessage: z.nullish(z.string()) }),
  }),
)
/** The portal's own answer to a help desk's password link: the address it went to. */
export const passwordLinkResultSchema = z.lazy(() =>
  z.extend(envelope(), { data: z.object({ email: z.string() }) }),
)
export const resetPasswordInfoResultSchema = z.lazy(() =>
  z.extend(envelope(), {
    userresetpasswordinfo: z.object({ displayname: z.nullish(z.string()) }),
  }),
)

/** The portal server's own answer when it hands out a one-time link (not the MDM API). */
export const linkResultSchema = z.lazy(() =>
  z.object({ url: z.string().check(z.regex(/^\/api\/portal\/links\/[\w-]+$/)) }),
)
