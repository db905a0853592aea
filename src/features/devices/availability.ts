import type { Device } from '@contract/schemas'
import { ACTION_KINDS, ACTION_STATES, type ActionKind } from '@/entities/device/commands'
import { hasWorkProfile, managementMode } from '@contract/platform'
import { isPending } from '@/entities/device/status'

/** Sentences (keys in the devices namespace) that say why an action cannot be done. */
export type ReasonKey =
  | 'reasons.wiped'
  | 'reasons.unmanaged'
  | 'reasons.wipePending'
  | 'reasons.lockUserEnrollment'
  | 'reasons.lostModeUnsupported'
  | 'reasons.locateNeedsLostMode'
  | 'reasons.locateUnsupported'
  | 'reasons.passcodeMac'
  | 'reasons.passcodeUserEnrollment'
  | 'reasons.notOffered'

export interface ActionState {
  kind: ActionKind
  /** The device offers it (`actions.<name>.visible`), or it is waiting for the device. */
  available: boolean
  /** A command of this kind was sent and the device has not answered yet. */
  pending: boolean
  /** Why it is not available; null when it is. */
  reason: ReasonKey | null
}

type ActionDevice = Pick<
  Device,
  | 'type'
  | 'enrollmenttype'
  | 'androidforworktype'
  | 'supervised'
  | 'osname'
  | 'managed'
  | 'wiped'
  | 'mdmprofileremoved'
  | 'lostmodeenabled'
  | 'actions'
>

/** A device that no longer takes any command. */
function deviceReason(device: ActionDevice): ReasonKey | null {
  if (device.wiped) return 'reasons.wiped'
  if (device.managed === false || device.mdmprofileremoved) return 'reasons.unmanaged'
  return null
}

function kindReason(device: ActionDevice, kind: ActionKind): ReasonKey {
  const mode = managementMode(device)
  switch (kind) {
    case 'lock':
      return mode === 'iosUserEnrollment' ? 'reasons.lockUserEnrollment' : 'reasons.notOffered'
    case 'lostMode':
      return device.lostmodeenabled ? 'reasons.notOffered' : 'reasons.lostModeUnsupported'
    case 'locate': {
      const inLostModeOnly = mode === 'iosSupervised' || mode === 'androidCompanyWorkProfile'
      if (inLostModeOnly && !device.lostmodeenabled) return 'reasons.locateNeedsLostMode'
      return 'reasons.locateUnsupported'
    }
    case 'passcodeReset':
      if (mode === 'macos') return 'reasons.passcodeMac'
      if (mode === 'iosUserEnrollment') return 'reasons.passcodeUserEnrollment'
      return 'reasons.notOffered'
    default:
      return 'reasons.notOffered'
  }
}

function flags(device: ActionDevice, kind: ActionKind): { visible: boolean; pending: boolean } {
  const { actions } = device
  const pending = ACTION_STATES[kind].some((name) => isPending(actions[name]))
  switch (kind) {
    case 'lostMode': {
      const toggle = device.lostmodeenabled ? actions.disablelostmode : actions.enablelostmode
      return { visible: toggle.visible, pending }
    }
    case 'appListRefresh':
      // Not one of the device's actions; every device still under management reports its apps.
      return { visible: deviceReason(device) === null, pending }
    default:
      return { visible: ACTION_STATES[kind].some((name) => actions[name].visible), pending }
  }
}

/** A wipe on its way ends every other command: none is offered meanwhile. */
function wipeComing(device: ActionDevice): boolean {
  return isPending(device.actions.wipefull) || isPending(device.actions.wipepartial)
}

export function actionState(device: ActionDevice, kind: ActionKind): ActionState {
  const { visible, pending } = flags(device, kind)
  if (kind !== 'wipe' && !pending && wipeComing(device) && deviceReason(device) === null) {
    return { kind, available: false, pending, reason: 'reasons.wipePending' }
  }
  const available = visible || pending
  return {
    kind,
    available,
    pending,
    reason: available ? null : (deviceReason(device) ?? kindReason(device, kind)),
  }
}

export function actionStates(device: ActionDevice): ActionState[] {
  return ACTION_KINDS.map((kind) => actionState(device, kind))
}

export type WipeMode = 'full' | 'partial'

export interface WipeChoice {
  mode: WipeMode
  label: 'wipe.choice.everything' | 'wipe.choice.workProfile' | 'wipe.choice.workData'
  /** What exactly is deleted, in plain words, for this kind of device. */
  statement:
    | 'wipe.statement.ios'
    | 'wipe.statement.mac'
    | 'wipe.statement.android'
    | 'wipe.statement.workProfile'
    | 'wipe.statement.workData'
}

/** The wipes this device offers, the least destructive first. */
export function wipeChoices(device: ActionDevice): WipeChoice[] {
  const choices: WipeChoice[] = []
  if (device.actions.wipepartial.visible) {
    choices.push({
      mode: 'partial',
      label: 'wipe.choice.workData',
      statement: 'wipe.statement.workData',
    })
  }
  if (device.actions.wipefull.visible) {
    if (hasWorkProfile(device)) {
      choices.push({
        mode: 'full',
        label: 'wipe.choice.workProfile',
        statement: 'wipe.statement.workProfile',
      })
    } else {
      const mode = managementMode(device)
      const statement =
        mode === 'macos'
          ? 'wipe.statement.mac'
          : mode.startsWith('android')
            ? 'wipe.statement.android'
            : 'wipe.statement.ios'
      choices.push({ mode: 'full', label: 'wipe.choice.everything', statement })
    }
  }
  return choices
}
