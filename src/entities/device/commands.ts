import {
  COMMANDS,
  type AutomaticCommand,
  pendingMember,
  type CommandPath,
  type DeviceCommandName,
  type PendingMember,
} from '@contract/commands'
import type { RequestBody } from '@contract/requests'

export type { DeviceCommandName as CommandName } from '@contract/commands'

/**
 * The device page's cards, one per help desk action of the commands sent to a device (lost
 * mode on and off are one card), in the page's order, each with its title (devices namespace).
 */
export const ACTION_TITLES = {
  lostMode: 'actions.lostMode.title',
  locate: 'actions.locate.title',
  lock: 'actions.lock.title',
  passcodeReset: 'actions.passcodeReset.title',
  appListRefresh: 'actions.appListRefresh.title',
  wipe: 'actions.wipe.title',
} as const satisfies { [K in ActionKind]: `actions.${K}.title` }
export type ActionKind = (typeof COMMANDS)[DeviceCommandName]['action']
export const ACTION_KINDS = Object.keys(ACTION_TITLES) as ActionKind[]

/**
 * How the user confirms each command sent to a device (contract/commands.ts names the rest): a
 * form dialog, a plain confirmation, or nothing at all for harmless commands, which take no
 * input and change nothing on the device.
 */
export const DEVICE_COMMANDS = {
  lock: { confirm: 'form' },
  lostModeOn: { confirm: 'form' },
  lostModeOff: { confirm: 'dialog' },
  passcodeReset: { confirm: 'form' },
  wipe: { confirm: 'form' },
  locate: { confirm: 'none' },
  appListRefresh: { confirm: 'none' },
} as const satisfies Record<DeviceCommandName, { confirm: 'form' | 'dialog' | 'none' }>

type Commands = typeof DEVICE_COMMANDS
type Confirmed<C> = {
  [N in DeviceCommandName]: Commands[N]['confirm'] extends C ? N : never
}[DeviceCommandName]
/** Commands confirmed in a dialog (with a form or without). */
export type DialogName = Confirmed<'form' | 'dialog'>
/** Commands whose dialog has a form (loaded on the first sign of intent). */
type FormDialogName = Confirmed<'form'>
/** Commands sent at once, without a dialog. */
export type DirectCommand = Confirmed<'none'>
/**
 * A direct command named after its card is the card's button (Locate); any other one is a
 * further button on its card, drawn from this table alone (a sound on the Locate card).
 */
type FurtherCommand = Exclude<DirectCommand, ActionKind>

/**
 * A remote command for one device, by name; the device itself is added when it is sent.
 * `automatic`: the portal sends it by itself after another (contract/commands.ts,
 * `automaticAfter`), nobody having asked for it.
 */
export type DeviceCommand = {
  [N in DeviceCommandName]: {
    name: N
    body: Omit<RequestBody<CommandPath<N>>, 'clientid'>
    automatic?: N extends AutomaticCommand ? true : never
  }
}[DeviceCommandName]

export function commandPath<N extends DeviceCommandName>(name: N): CommandPath<N> {
  return COMMANDS[name].path
}

/** The card a command is on. */
export function cardOf(name: DeviceCommandName): ActionKind {
  return COMMANDS[name].action
}

export function isFormDialog(name: DeviceCommandName): name is FormDialogName {
  return DEVICE_COMMANDS[name].confirm === 'form'
}

export function isDirect(name: DeviceCommandName): name is DirectCommand {
  return DEVICE_COMMANDS[name].confirm === 'none'
}

function isFurther(name: DeviceCommandName): name is FurtherCommand {
  return isDirect(name) && name !== cardOf(name)
}

/**
 * The device action a sent command makes pending; null for one the device does not report (the
 * app list request, which its next contact answers).
 */
export function actionOf(command: DeviceCommand): PendingMember | null {
  const partial = 'partial' in command.body && command.body.partial === true
  return pendingMember(command.name, partial)
}

const DEVICE_COMMAND_NAMES = Object.keys(DEVICE_COMMANDS) as DeviceCommandName[]

function cardStates(): Record<ActionKind, PendingMember[]> {
  const states = {} as Record<ActionKind, PendingMember[]>
  for (const kind of ACTION_KINDS) states[kind] = []
  for (const name of DEVICE_COMMAND_NAMES) {
    if (!isFurther(name)) states[cardOf(name)].push(...COMMANDS[name].pending)
  }
  return states
}

/**
 * The device's own actions (`actions.<name>` on the wire) that make up each card's own button;
 * a further button has its own.
 */
export const ACTION_STATES: Readonly<Record<ActionKind, readonly PendingMember[]>> = cardStates()

/** The further buttons of a card, in the table's order. */
export function furtherCommandsOn(kind: ActionKind): FurtherCommand[] {
  return DEVICE_COMMAND_NAMES.filter(isFurther).filter((name) => cardOf(name) === kind)
}
