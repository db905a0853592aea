import { DEVICE_ACTIONS, type Device, type DeviceActionName } from '@contract/schemas'

/** A device action's `status` (spec, Device actions): 1 while a command waits for the device. */
export const COMMAND_STATUS = { none: 0, pending: 1 } as const

/** An app being installed or uninstalled, or a device action waiting for the device. */
export function isPending(state: { status?: number | null } | null | undefined): boolean {
  return state?.status === COMMAND_STATUS.pending
}

/** The device's actions that wait for the device to answer. */
export function pendingActions(device: Pick<Device, 'actions'>): DeviceActionName[] {
  return DEVICE_ACTIONS.filter((name) => isPending(device.actions[name]))
}

export function hasPendingAction(device: Pick<Device, 'actions'>): boolean {
  return DEVICE_ACTIONS.some((name) => isPending(device.actions[name]))
}

/**
 * Retired on purpose: erased, or its management profile and work data removed (by a wipe of the
 * work data or profile, or by the owner). Nothing about it needs attention any more.
 */
export function isRetired(device: Pick<Device, 'wiped' | 'mdmprofileremoved'>): boolean {
  return device.wiped === true || device.mdmprofileremoved === true
}
