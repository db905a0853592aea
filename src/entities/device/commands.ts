import type { DeviceActionName } from '../../../contract/schemas'

/**
 * The one vocabulary of remote actions. A command has a name; the name gives the path it is
 * sent to and how the user confirms it: a form dialog, a plain confirmation, or nothing at all
 * for harmless commands (they take no input and change nothing on the device).
 */
export const DEVICE_COMMANDS = {
  lock: { path: 'device/lockscreen', confirm: 'form' },
  lostModeOn: { path: 'device/enablelostmode', confirm: 'form' },
  lostModeOff: { path: 'device/disablelostmode', confirm: 'dialog' },
  passcode: { path: 'device/resetpasscode', confirm: 'form' },
  wipe: { path: 'device/wipe', confirm: 'form' },
  locate: { path: 'device/requestlocation', confirm: 'none' },
  apps: { path: 'device/requestapplist', confirm: 'none' },
} as const

type Commands = typeof DEVICE_COMMANDS
export type CommandName = keyof Commands
export type CommandPath = Commands[CommandName]['path']
type Confirmed<C> = {
  [N in CommandName]: Commands[N]['confirm'] extends C ? N : never
}[CommandName]
/** Commands confirmed in a dialog (with a form or without). */
export type DialogName = Confirmed<'form' | 'dialog'>
/** Commands whose dialog has a form (loaded on the first sign of intent). */
export type FormDialogName = Confirmed<'form'>
/** Commands sent at once, without a dialog. */
export type DirectCommand = Confirmed<'none'>

export function commandPath<N extends CommandName>(name: N): Commands[N]['path'] {
  return DEVICE_COMMANDS[name].path
}

export function isFormDialog(name: CommandName): name is FormDialogName {
  return DEVICE_COMMANDS[name].confirm === 'form'
}

/** The device page's actions, one card each; lost mode on and off are one. */
export const ACTION_KINDS = ['lostMode', 'locate', 'lock', 'passcode', 'apps', 'wipe'] as const
export type ActionKind = (typeof ACTION_KINDS)[number]

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

const ACTION_OF_PATH: Readonly<Record<CommandPath, DeviceActionName | null>> = {
  'device/lockscreen': 'lockscreen',
  'device/enablelostmode': 'enablelostmode',
  'device/disablelostmode': 'disablelostmode',
  'device/resetpasscode': 'resetpasscode',
  'device/wipe': 'wipefull',
  'device/requestlocation': 'requestlocation',
  'device/requestapplist': null,
}

/** The device action a sent command makes pending; the app list request has none. */
export function actionOfCommand(path: CommandPath, body: object): DeviceActionName | null {
  if (path === 'device/wipe' && 'partial' in body && body.partial === true) return 'wipepartial'
  return ACTION_OF_PATH[path]
}
