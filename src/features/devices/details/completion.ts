import { DEVICE_ACTIONS, type Device, type DeviceActionName } from '@contract/schemas'
import { COMMAND_STATUS, isPending } from '@/entities/device/status'
import { hasWorkProfile } from '@contract/platform'
import { commandOfMember, type PendingCommand } from '@contract/commands'

/**
 * What the page says once the device answered a command (keys of the devices namespace):
 * `done.<command>`, and what a command's answer may add to it.
 */
export type CompletionKey =
  | `done.${PendingCommand}`
  | 'done.wipeWorkProfile'
  | 'done.wipePartial'
  | 'done.lostModeOnRefused'
  | 'done.locateEmpty'

type Snapshot = Pick<
  Device,
  | 'actions'
  | 'lostmodeenabled'
  | 'location'
  | 'type'
  | 'androidforworktype'
  | 'enrollmenttype'
  | 'supervised'
  | 'osname'
>

/**
 * The commands that went from pending to done between two reads of a
 * device. A wipe ends every other open command, so after a wipe only the wipe is reported.
 */
interface Completion {
  action: DeviceActionName
  key: CompletionKey
}

export function completions(before: Snapshot, after: Snapshot): Completion[] {
  const done = DEVICE_ACTIONS.filter(
    (name) => isPending(before.actions[name]) && after.actions[name].status === COMMAND_STATUS.none,
  )
  if (done.includes('wipefull')) {
    const key = hasWorkProfile(after) ? 'done.wipeWorkProfile' : 'done.wipe'
    return [{ action: 'wipefull', key }]
  }
  if (done.includes('wipepartial')) return [{ action: 'wipepartial', key: 'done.wipePartial' }]
  return done.map((action) => ({ action, key: keyOf(commandOfMember(action), after) }))
}

function keyOf(name: PendingCommand, after: Snapshot): CompletionKey {
  switch (name) {
    case 'lostModeOn':
      // The answer says whether lost mode is really on; the page never claims more.
      return after.lostmodeenabled ? 'done.lostModeOn' : 'done.lostModeOnRefused'
    case 'locate':
      return after.location ? 'done.locate' : 'done.locateEmpty'
    default:
      return `done.${name}`
  }
}
