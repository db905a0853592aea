/**
 * The commands the portal records, by the API path that sends them: the action's name in the
 * records, the request fields that are harmless to keep, and the member of the device's
 * `actions` whose status shows it pending. Never a passcode, PIN or password (macpin, password).
 */
export const RECORDED_COMMANDS = {
  'device/lockscreen': { action: 'lock', keep: ['message', 'phonenumber'] },
  'device/wipe': { action: 'wipe', keep: [] },
  'device/enablelostmode': { action: 'lostModeOn', keep: ['message', 'phonenumber', 'footnote'] },
  'device/disablelostmode': { action: 'lostModeOff', keep: [] },
  'device/requestlocation': { action: 'locate', keep: [] },
  'device/resetpasscode': { action: 'passcodeReset', keep: [] },
  'device/requestapplist': { action: 'appListRefresh', keep: [] },
  'app/install': { action: 'appInstall', keep: ['id'] },
  'app/uninstall': { action: 'appUninstall', keep: ['id'] },
  // A help desk's changes to users: filed under the user (its sid), in no device's history. The
  // invited address is not kept: the user's own activity names it while the user exists.
  'user/create': { action: 'userInvite', keep: [] },
  'user/delete': { action: 'userDelete', keep: [] },
} as const satisfies Record<string, { action: string; keep: readonly string[] }>

/** The recorded changes that are to a user, not to a device. */
export type UserChangePath = 'user/create' | 'user/delete'

export function isUserChange(path: RecordedPath): path is UserChangePath {
  return path === 'user/create' || path === 'user/delete'
}

export type RecordedPath = keyof typeof RECORDED_COMMANDS
export type RecordedAction = (typeof RECORDED_COMMANDS)[RecordedPath]['action']

export const RECORDED_ACTIONS: readonly RecordedAction[] = Object.values(RECORDED_COMMANDS).map(
  (command) => command.action,
)

export function isRecordedPath(path: string): path is RecordedPath {
  return Object.hasOwn(RECORDED_COMMANDS, path)
}

const MAX_TEXT = 500

/** NUL, and a high surrogate without its low one or a low one without its high one. */
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/**
 * Text as the store can hold it: PostgreSQL keeps no NUL in text or JSON, and no half of a
 * surrogate pair in JSON. Each becomes U+FFFD, so that such text is recorded, never a reason to
 * drop the record of a command that went through.
 */
export function storable(text: string): string {
  return text.replace(UNSTORABLE, '\uFFFD')
}

/** The fields of a command request that may be kept. */
export function keptDetails(
  path: RecordedPath,
  fields: Record<string, unknown>,
): Record<string, string | boolean> {
  const details: Record<string, string | boolean> = {}
  for (const name of RECORDED_COMMANDS[path].keep) {
    const value = fields[name]
    if (typeof value === 'string' && value !== '')
      details[name] = storable(value.slice(0, MAX_TEXT))
  }
  if (path === 'device/wipe') details.kind = fields.partial === true ? 'partial' : 'full'
  return details
}

/** The member of a device's `actions` whose status 1 means this command is still pending. */
export function pendingMember(action: string, details: Record<string, unknown>): string | null {
  switch (action) {
    case 'lock':
      return 'lockscreen'
    case 'wipe':
      return details.kind === 'partial' ? 'wipepartial' : 'wipefull'
    case 'lostModeOn':
      return 'enablelostmode'
    case 'lostModeOff':
      return 'disablelostmode'
    case 'locate':
      return 'requestlocation'
    case 'passcodeReset':
      return 'resetpasscode'
    default:
      return null
  }
}

/** The members that name a device (spec: "device identifier", exactly one of them). */
export type DeviceMember = 'clientid' | 'imei' | 'serialnumber'

/** The device a request names, and by which member. */
export function deviceNamed(
  fields: Record<string, unknown>,
): { member: DeviceMember; value: string } | null {
  for (const member of ['clientid', 'imei', 'serialnumber'] as const) {
    const value = fields[member]
    if (typeof value === 'string' && value !== '') {
      return { member, value: storable(value.slice(0, 200)) }
    }
  }
  return null
}

/** The device a request names (spec: exactly one of clientid, imei, serialnumber). */
export function deviceOf(fields: Record<string, unknown>): string | null {
  return deviceNamed(fields)?.value ?? null
}

/**
 * The identifier a request gave, marked with its member (`serialnumber:F2LX…`), for a record the
 * portal could not file under a device's client id: it never is a device's client id, so such a
 * record is in no device's history, and it still says what the sender named.
 */
export function markedDevice(named: { member: DeviceMember; value: string }): string {
  return `${named.member}:${named.value}`
}
