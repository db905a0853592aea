import type { RequestBody } from '@contract/requests'
import type { DeviceActionName } from '@contract/schemas'

/** The device page's actions, one card each; lost mode on and off are one. */
export const ACTION_KINDS = ['lostMode', 'locate', 'lock', 'passcode', 'apps', 'wipe'] as const
export type ActionKind = (typeof ACTION_KINDS)[number]

/**
 * The one table of remote commands. A command has a name, and the name gives all the rest: the
 * path it is sent to, the card it belongs to, how the user confirms it (a form dialog, a plain
 * confirmation, or nothing at all for harmless commands, which take no input and change nothing
 * on the device), and what completes it: the device action it makes pending until the device
 * answers, or for the app list the device's next contact.
 */
export const DEVICE_COMMANDS = {
  lock: { path: 'device/lockscreen', card: 'lock', confirm: 'form', awaits: 'lockscreen' },
  lostModeOn: {
    path: 'device/enablelostmode',
    card: 'lostMode',
    confirm: 'form',
    awaits: 'enablelostmode',
  },
  lostModeOff: {
    path: 'device/disablelostmode',
    card: 'lostMode',
    confirm: 'dialog',
    awaits: 'disablelostmode',
  },
  passcode: {
    path: 'device/resetpasscode',
    card: 'passcode',
    confirm: 'form',
    awaits: 'resetpasscode',
  },
  // A wipe of the work data or profile only is a device action of its own.
  wipe: {
    path: 'device/wipe',
    card: 'wipe',
    confirm: 'form',
    awaits: (body: { partial?: boolean | null }) => (body.partial ? 'wipepartial' : 'wipefull'),
  },
  locate: {
    path: 'device/requestlocation',
    card: 'locate',
    confirm: 'none',
    awaits: 'requestlocation',
  },
  apps: { path: 'device/requestapplist', card: 'apps', confirm: 'none', awaits: 'appList' },
} as const satisfies Record<
  string,
  {
    path: string
    card: ActionKind
    confirm: 'form' | 'dialog' | 'none'
    awaits: DeviceActionName | 'appList' | ((body: never) => DeviceActionName)
  }
>

type Commands = typeof DEVICE_COMMANDS
export type CommandName = keyof Commands
type Confirmed<C> = {
  [N in CommandName]: Commands[N]['confirm'] extends C ? N : never
}[CommandName]
/** Commands confirmed in a dialog (with a form or without). */
export type DialogName = Confirmed<'form' | 'dialog'>
/** Commands whose dialog has a form (loaded on the first sign of intent). */
export type FormDialogName = Confirmed<'form'>
/** Commands sent at once, without a dialog. */
export type DirectCommand = Confirmed<'none'>

/** A remote command for one device, by name; the device itself is added when it is sent. */
export type DeviceCommand = {
  [N in CommandName]: { name: N; body: Omit<RequestBody<Commands[N]['path']>, 'clientid'> }
}[CommandName]

export function commandPath<N extends CommandName>(name: N): Commands[N]['path'] {
  return DEVICE_COMMANDS[name].path
}

export function isFormDialog(name: CommandName): name is FormDialogName {
  return DEVICE_COMMANDS[name].confirm === 'form'
}

/** What completes a sent command: the device action it makes pending, or the app list. */
export function awaitedBy(command: DeviceCommand): DeviceActionName | 'appList' {
  const { awaits } = DEVICE_COMMANDS[command.name]
  return typeof awaits === 'function' ? awaits(command.body as { partial?: boolean }) : awaits
}

/** The device action a sent command makes pending; the app list request has none. */
export function actionOf(command: DeviceCommand): DeviceActionName | null {
  const awaited = awaitedBy(command)
  return awaited === 'appList' ? null : awaited
}

/** The device's own actions (`actions.<name>` on the wire) that make up each card. */
export const ACTION_STATES: Readonly<Record<ActionKind, readonly DeviceActionName[]>> = {
  lostMode: ['enablelostmode', 'disablelostmode'],
  locate: ['requestlocation'],
  lock: ['lockscreen'],
  passcode: ['resetpasscode'],
  // Not one of the device's actions: asking for the app list is followed separately.
  apps: [],
  wipe: ['wipefull', 'wipepartial'],
}

/** Each card's title (a key of the devices namespace). */
export const ACTION_TITLES = {
  lostMode: 'actions.lostMode.title',
  locate: 'actions.locate.title',
  lock: 'actions.lock.title',
  passcode: 'actions.passcode.title',
  apps: 'actions.apps.title',
  wipe: 'actions.wipe.title',
} as const satisfies Record<ActionKind, string>
