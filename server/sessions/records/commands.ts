import {
  CHANGE_NAMES,
  COMMANDS,
  USER_CHANGES,
  type Change,
  type UserChange,
  isCommand,
  PASSWORD_LINK_PATH,
  pendingMember as memberOf,
  type CommandPath,
} from '../../../contract/commands.ts'

/**
 * The commands the portal records, by the API path that sends them: each is kept under its name
 * (contract/commands.ts), with the request fields its entry there says are harmless to keep.
 */
interface RecordedCommand {
  action: Change
  keep: readonly string[]
}
const CHANGES = { ...COMMANDS, ...USER_CHANGES }
export const RECORDED_COMMANDS = Object.fromEntries(
  CHANGE_NAMES.map((name): [string, RecordedCommand] => [
    CHANGES[name].path,
    { action: name, keep: CHANGES[name].keep },
  ]),
) as Readonly<Record<RecordedPath, RecordedCommand>>

/** The recorded changes that are to a user, not to a device. */
export type UserChangePath = (typeof USER_CHANGES)[UserChange]['path']

export function isUserChange(path: RecordedPath): path is UserChangePath {
  return path === 'user/create' || path === 'user/delete' || path === PASSWORD_LINK_PATH
}

export type RecordedPath = CommandPath | UserChangePath
type RecordedAction = Change

export const RECORDED_ACTIONS: readonly RecordedAction[] = CHANGE_NAMES

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

/**
 * The fields of a command request that may be kept; for one the portal sent by itself, the
 * command it followed (`automaticAfter`, contract/commands.ts: isSentAutomatically).
 */
export function keptDetails(
  path: RecordedPath,
  fields: Record<string, unknown>,
  automaticAfter: string | null = null,
): Record<string, string | boolean> {
  const details: Record<string, string | boolean> = {}
  if (automaticAfter) details.automaticAfter = automaticAfter
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
  return isCommand(action) ? memberOf(action, details.kind === 'partial') : null
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
