import { APP_STATUS, type AppWire } from '../../../contract/schemas.ts'
import { isCompatible } from '../model/app-compatibility.ts'
import { openCommand } from '../model/commands.ts'
import type { AppRecord, AppState, DeviceRecord } from '../model/records.ts'
import type { World } from '../model/world.ts'

const UNKNOWN: AppState = {
  status: APP_STATUS.unknown,
  statusdetails: null,
  updateAvailable: false,
}
const PENDING: AppState = {
  status: APP_STATUS.pending,
  statusdetails: 'WaitingForDeviceReply',
  updateAvailable: false,
}

/** The app's state on one device: an open install or uninstall shows as status 1. */
function appStateOn(world: World, app: AppRecord, device: DeviceRecord): AppState {
  const pending =
    openCommand(world, device.clientid, 'install', app.id) ??
    openCommand(world, device.clientid, 'uninstall', app.id)
  if (pending) return PENDING
  return device.apps.get(app.id) ?? UNKNOWN
}

/** Per list of devices (one request's), the most telling state of each app on any of them. */
const summaries = new WeakMap<DeviceRecord[], Map<string, AppState>>()

/**
 * Without a device: the most telling state on any of the given devices (pending, error,
 * installed). Summed up once per request, in one pass over the devices' apps, so an account with
 * thousands of devices and apps still answers quickly.
 */
function summaryState(world: World, app: AppRecord, devices: DeviceRecord[]): AppState {
  let summary = summaries.get(devices)
  if (!summary) {
    const found = new Map<string, AppState>()
    const rank = (state: AppState) => [1, 2, 3].indexOf(state.status)
    const consider = (appId: string, state: AppState) => {
      const known = found.get(appId)
      if (rank(state) >= 0 && (!known || rank(state) < rank(known))) found.set(appId, state)
    }
    const ids = new Set(devices.map((device) => device.clientid))
    for (const command of world.commands.values()) {
      const isAppCommand = command.type === 'install' || command.type === 'uninstall'
      if (isAppCommand && command.appId && ids.has(command.clientid)) {
        consider(command.appId, PENDING)
      }
    }
    for (const device of devices) {
      for (const [appId, state] of device.apps) consider(appId, state)
    }
    summary = found
    summaries.set(devices, summary)
  }
  return summary.get(app.id) ?? UNKNOWN
}

function actionsFor(app: AppRecord, device: DeviceRecord, state: AppState) {
  const usable =
    device.managed &&
    !device.wiped &&
    isCompatible(app, device) &&
    state.status !== APP_STATUS.pending
  const installed = state.status === APP_STATUS.installed
  return {
    install: { visible: usable && !installed },
    uninstall: { visible: usable && installed },
    update: { visible: usable && installed && state.updateAvailable },
  }
}

const hidden = {
  install: { visible: false },
  uninstall: { visible: false },
  update: { visible: false },
}

/**
 * The app as the service sends it (spec: App). With a device (clientid) status, compatibility
 * and actions are that device's; without one the status sums up the caller's devices,
 * compatibletodevice is true and no action is offered.
 */
export function toAppWire(
  world: World,
  app: AppRecord,
  target: { device: DeviceRecord } | { devices: DeviceRecord[] },
): AppWire {
  const state =
    'device' in target
      ? appStateOn(world, app, target.device)
      : summaryState(world, app, target.devices)
  return {
    id: app.id,
    displayname: app.displayname,
    apptype: app.apptype,
    platform: app.platform,
    devicetype: app.devicetype,
    compatibletodevice: 'device' in target ? isCompatible(app, target.device) : true,
    managed: app.managed,
    mandatory: app.mandatory,
    status: state.status,
    statusdetails: state.statusdetails,
    actions: 'device' in target ? actionsFor(app, target.device, state) : hidden,
  }
}
