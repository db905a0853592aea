import type { HelpdeskAction } from './helpdesk-roles.ts'
import type { ApiPath } from './requests.ts'
import { z } from './zod.ts'

/** A Mac's lock or full wipe takes a 6-digit PIN (spec: Device endpoints, `macpin`). */
export const MAC_PIN = /^\d{6}$/

// Each command's request fields are made when its request schema is first made (requests.ts),
// not as this module loads with the portal's first page.
const optionalText = () => z.optional(z.string())
const macpin = () => z.optional(z.string().check(z.regex(MAC_PIN)))
const appId = () => z.string().check(z.minLength(1))

/**
 * The portal's one vocabulary of remote commands. A command is known everywhere in the portal
 * (its dialogs and cards, its pending and done texts, its records and their search, the help
 * desk's roles, the locale keys) by its name here; the service's own spellings (spec: its path,
 * the member of a device's `actions` that shows it pending) are written once, in its row.
 *
 * - `path`: the endpoint that sends it (contract/endpoints.ts takes its row from here).
 * - `fields`: its request's fields beside the device's `clientid` (contract/requests.ts makes its
 *   request schema from them); none when the device is all it names.
 * - `pending`: the device's `actions` members whose status 1 shows it pending, the first one
 *   unless the request asked for the `partial` kind (a wipe of work data or profile only is an
 *   action of its own); none for commands the device does not report (the app list, apps).
 * - `action`: the help desk action it belongs to, which names its least role.
 * - `keep`: the request's fields a record may keep. Never a passcode, PIN or password.
 * - `automaticAfter`: the command after which the portal sends this one by itself, nobody
 *   having asked for it (AUTOMATIC_HEADER); none when it is only ever sent by a person.
 */
export const COMMANDS = {
  lock: {
    path: 'device/lockscreen',
    pending: ['lockscreen'],
    action: 'lock',
    fields: () => ({ message: optionalText(), phonenumber: optionalText(), macpin: macpin() }),
    keep: ['message', 'phonenumber'],
  },
  wipe: {
    path: 'device/wipe',
    pending: ['wipefull', 'wipepartial'],
    action: 'wipe',
    fields: () => ({ macpin: macpin(), partial: z.optional(z.boolean()) }),
    keep: [],
  },
  lostModeOn: {
    path: 'device/enablelostmode',
    pending: ['enablelostmode'],
    action: 'lostMode',
    fields: () => ({
      message: optionalText(),
      phonenumber: optionalText(),
      footnote: optionalText(),
      password: optionalText(),
    }),
    keep: ['message', 'phonenumber', 'footnote'],
  },
  lostModeOff: {
    path: 'device/disablelostmode',
    pending: ['disablelostmode'],
    action: 'lostMode',
    keep: [],
  },
  locate: {
    path: 'device/requestlocation',
    pending: ['requestlocation'],
    action: 'locate',
    keep: [],
    // Turning lost mode on asks where the device is, without the sender pressing Locate.
    automaticAfter: 'lostModeOn',
  },
  passcodeReset: {
    path: 'device/resetpasscode',
    pending: ['resetpasscode'],
    action: 'passcodeReset',
    fields: () => ({ password: optionalText() }),
    keep: [],
  },
  appListRefresh: {
    path: 'device/requestapplist',
    pending: [],
    action: 'appListRefresh',
    keep: [],
  },
  appInstall: {
    path: 'app/install',
    pending: [],
    action: 'installApps',
    fields: () => ({ id: appId() }),
    keep: ['id'],
  },
  appUninstall: {
    path: 'app/uninstall',
    pending: [],
    action: 'installApps',
    fields: () => ({ id: appId() }),
    keep: ['id'],
  },
} as const satisfies Record<
  string,
  {
    // Not ApiPath: a command's path is one because it is here (requests.ts).
    path: `${'device' | 'app'}/${string}`
    pending: readonly [] | readonly [string] | readonly [string, string]
    action: HelpdeskAction
    fields?: () => Record<string, z.ZodMiniType>
    keep: readonly string[]
    automaticAfter?: string
  }
>

type Commands = typeof COMMANDS
export type Command = keyof Commands
export const COMMAND_NAMES = Object.keys(COMMANDS) as Command[]

/** The path that sends a command. */
export type CommandPath<C extends Command = Command> = Commands[C]['path']
/** A command's own request fields, beside the device's `clientid`. */
export type CommandFields<C extends Command> = Commands[C] extends {
  fields: () => infer F extends Record<string, z.ZodMiniType>
}
  ? F
  : Record<never, never>
/** A member of a device's `actions` (spec), each one command's. */
export type PendingMember = Commands[Command]['pending'][number]
/** The commands a device reports pending, and those sent to a device rather than about an app. */
export type PendingCommand = {
  [C in Command]: Commands[C]['pending'] extends readonly [] ? never : C
}[Command]
export type DeviceCommandName = {
  [C in Command]: CommandPath<C> extends `device/${string}` ? C : never
}[Command]

/** The commands sent to a device, in their order. */
export const DEVICE_COMMAND_NAMES = COMMAND_NAMES.filter((name): name is DeviceCommandName =>
  COMMANDS[name].path.startsWith('device/'),
)

/** The device's `actions` members, in the order of the commands (spec: Device, `actions`). */
export const PENDING_MEMBERS = COMMAND_NAMES.flatMap(
  (name): readonly PendingMember[] => COMMANDS[name].pending,
)

const BY_MEMBER = new Map<string, PendingCommand>(
  COMMAND_NAMES.flatMap((name) =>
    COMMANDS[name].pending.map((member) => [member, name as PendingCommand] as const),
  ),
)

export function isCommand(name: string): name is Command {
  return Object.hasOwn(COMMANDS, name)
}

/** The command a pending member of a device's `actions` shows. */
export function commandOfMember(member: PendingMember): PendingCommand {
  const name = BY_MEMBER.get(member)
  if (!name) throw new Error(`No command is pending as ${member}`)
  return name
}

/** Whether a pending member is the `partial` kind of its command (a wipe of work data only). */
export function isPartialMember(member: PendingMember): boolean {
  const { pending } = COMMANDS[commandOfMember(member)]
  return pending.length > 1 && pending[1] === member
}

/** The member of a device's `actions` that shows a sent command pending; null when none does. */
export function pendingMember(name: Command, partial = false): PendingMember | null {
  const pending: readonly PendingMember[] = COMMANDS[name].pending
  return (partial ? pending[1] : undefined) ?? pending[0] ?? null
}

/**
 * The portal's own route that sends a user a link to set a new password (`POST /api/portal/…`):
 * it reads the user's address from the service with the help desk's token, then asks the
 * service's `user/forgotpassword` for that address, so the help desk never types an address.
 */
export const PASSWORD_LINK_PATH = 'portal/password-link'
/** The portal's own routes that change something at the service, by their path under /api. */
export type PortalChangePath = typeof PASSWORD_LINK_PATH

/**
 * The help desk's changes to users, recorded beside the commands under their own names: filed
 * under the user, in no device's history. The invited address is not kept: the user's own
 * activity names it while the user exists.
 */
export const USER_CHANGES = {
  // Whom the help desk asked for: a refused change names no user but by these (never a password).
  userInvite: {
    path: 'user/create',
    action: 'inviteUser',
    keep: ['email', 'firstname', 'lastname'],
  },
  userDelete: { path: 'user/delete', action: 'deleteUser', keep: ['sid'] },
  // A link to set a new password, sent to the user's own address as the service has it.
  userPasswordLink: { path: PASSWORD_LINK_PATH, action: 'sendPasswordLink', keep: ['sid'] },
} as const satisfies Record<
  string,
  { path: ApiPath | PortalChangePath; action: HelpdeskAction; keep: readonly string[] }
>

export type UserChange = keyof typeof USER_CHANGES

/** Whether a record's action is a change to a user (answered by the service, not a device). */
export function isUserChangeName(name: string): name is UserChange {
  return Object.hasOwn(USER_CHANGES, name)
}
/** What the records keep a line for: a command, or a change to a user. */
export type Change = Command | UserChange
export const CHANGE_NAMES: readonly Change[] = [
  ...COMMAND_NAMES,
  ...(Object.keys(USER_CHANGES) as UserChange[]),
]

/**
 * The request header by which the portal says it sent a command by itself, naming the command it
 * followed (`automaticAfter`): the portal's own, never passed to the service. Its record says so
 * instead of naming the sender as the one who did it.
 */
export const AUTOMATIC_HEADER = 'x-portal-automatic'

/** The commands the portal may send by itself. */
export type AutomaticCommand = {
  [C in Command]: Commands[C] extends { automaticAfter: string } ? C : never
}[Command]

function isAutomaticCommand(name: string): name is AutomaticCommand {
  return isCommand(name) && 'automaticAfter' in COMMANDS[name]
}

/** Each command the portal may send by itself, with the command it follows. */
export const AUTOMATIC_COMMANDS = COMMAND_NAMES.filter(isAutomaticCommand).map((name) => ({
  name,
  after: COMMANDS[name].automaticAfter,
}))

/**
 * Who sent a record's command, as the help desk's "Sent by" filter chooses: the device's user,
 * the help desk, or the portal by itself (an AUTOMATIC_COMMANDS one), which is neither of them
 * though it went in one's session: each record is found under the sender its line names.
 */
export const SENDER_FILTERS = ['user', 'helpdesk', 'portal'] as const
export type SenderFilter = (typeof SENDER_FILTERS)[number]

/**
 * Whether a command was sent by the portal itself: the header (or a record's detail) names the
 * command it follows by itself. Anything else is a person's.
 */
export function isSentAutomatically(name: string, after: unknown): name is AutomaticCommand {
  return isAutomaticCommand(name) && COMMANDS[name].automaticAfter === after
}

/** For an exhaustive `switch` over commands: TypeScript fails here when one is forgotten. */
export function unknownCommand(name: never): never {
  throw new Error(`Unknown command ${String(name)}`)
}
