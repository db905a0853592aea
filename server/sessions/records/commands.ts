import {
  COMMAND_NAMES,
  COMMANDS,
  commandOfPath,
  isCommand,
  pendingMember as memberOf,
  type Command,
  type CommandPath,
} from '../../../contract/commands.ts'

/**
 * The commands the portal records, by the API path that sends them: each is kept under its name
 * (contract/commands.ts), with the request fields its entry there says are harmless to keep.
 */
interface RecordedCommand {
  action: Command
  keep: readonly string[]
}
export const RECORDED_COMMANDS = Object.fromEntries(
  COMMAND_NAMES.map((name): [string, RecordedCommand] => [
    COMMANDS[name].path,
    { action: name, keep: COMMANDS[name].keep },
  ]),
) as Readonly<Record<CommandPath, RecordedCommand>>

export type RecordedPath = CommandPath
export type RecordedAction = Command

export const RECORDED_ACTIONS: readonly RecordedAction[] = COMMAND_NAMES

export function isRecordedPath(path: string): path is RecordedPath {
  return commandOfPath(path) !== null
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
  return isCommand(action) ? memberOf(action, details.kind === 'partial') : null
}

/** The device a request names (spec: exactly one of clientid, imei, serialnumber). */
export function deviceOf(fields: Record<string, unknown>): string | null {
  for (const name of ['clientid', 'imei', 'serialnumber']) {
    const value = fields[name]
    if (typeof value === 'string' && value !== '') return storable(value.slice(0, 200))
  }
  return null
}
