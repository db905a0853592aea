import { DEVICE_ACTIONS, type Device, type DeviceActionName } from '@contract/schemas'
import { COMMAND_STATUS, isPending } from '@/entities/device/status'
import { hasWorkProfile } from '@contract/platform'

/** What the page says once the device answered a command (keys of the devices namespace). */
export type CompletionKey =
  | 'done.lockscreen'
  | 'done.wipefull'
  | 'done.wipeWorkProfile'
  | 'done.wipepartial'
  | 'done.enablelostmode'
  | 'done.enablelostmodeRefused'
  | 'done.disablelostmode'
  | 'done.requestlocation'
  | 'done.requestlocationEmpty'
  | 'done.resetpasscode'

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
export interface Completion {
  action: DeviceActionName
  key: CompletionKey
}

export function completions(before: Snapshot, after: Snapshot): Completion[] {
  const done = DEVICE_ACTIONS.filter(
    (name) => isPending(before.actions[name]) && after.actions[name].status === COMMAND_STATUS.none,
  )
  if (done.includes('wipefull')) {
    const key = hasWorkProfile(after) ? 'done.wipeWorkProfile' : 'done.wipefull'
    return [{ action: 'wipefull', key }]
  }
  if (done.includes('wipepartial')) return [{ action: 'wipepartial', key: 'done.wipepartial' }]
  return done.map((action) => ({ action, key: keyOf(action, after) }))
}

function keyOf(name: DeviceActionName, after: Snapshot): CompletionKey {
  switch (name) {
    case 'enablelostmode':
      // The answer says whether lost mode is really on; the page never claims more.
      return after.lostmodeenabled ? 'done.enablelostmode' : 'done.enablelostmodeRefused'
    case 'requestlocation':
      return after.location ? 'done.requestlocation' : 'done.requestlocationEmpty'
    case 'disablelostmode':
      return 'done.disablelostmode'
    case 'resetpasscode':
      return 'done.resetpasscode'
    default:
      return 'done.lockscreen'
  }
}
