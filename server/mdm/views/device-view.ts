import {
  DEVICE_ACTIONS,
  toMsDate,
  type DeviceActionName,
  type DeviceWire,
} from '../../../contract/schemas.ts'
import { openCommand } from '../model/commands.ts'
import { isActionVisible } from '../model/device-modes.ts'
import { numberFormat, type Lang } from '../texts/language.ts'
import type { DeviceRecord } from '../model/records.ts'
import type { World } from '../model/world.ts'

/** e.g. `52.2 GB / 64.0 GB - 81.55 %`; German uses the decimal comma. */
function freeStorageInfo(lang: Lang, freeMb: number, totalMb: number): string {
  const gb = numberFormat(lang, 1)
  const percent = numberFormat(lang, 2)
  const share = totalMb > 0 ? (freeMb / totalMb) * 100 : 0
  return `${gb.format(freeMb / 1024)} GB / ${gb.format(totalMb / 1024)} GB - ${percent.format(share)} %`
}

function actionsOf(world: World, device: DeviceRecord): NonNullable<DeviceWire['actions']> {
  const action = (name: DeviceActionName) => ({
    status: openCommand(world, device.clientid, name) ? 1 : 0,
    visible: isActionVisible(device, name),
  })
  return Object.fromEntries(DEVICE_ACTIONS.map((name) => [name, action(name)]))
}

/** The device as the service sends it (spec: Device). */
export function toDeviceWire(world: World, device: DeviceRecord, lang: Lang): DeviceWire {
  return {
    clientid: device.clientid,
    displayname: device.displayname,
    type: device.type,
    osname: device.osname,
    modelname: device.modelname,
    serialnumber: device.serialnumber,
    imei: device.imei,
    mdmid: device.mdmid,
    exchangeid: device.exchangeid,
    usersid: device.usersid,
    enrollmenttype: device.enrollmenttype,
    androidforworktype: device.androidforworktype,
    batterylevel: device.batterylevel,
    freestorageinfo: freeStorageInfo(lang, device.freestoragemb, device.storagemb),
    freestoragemb: device.freestoragemb,
    storagemb: device.storagemb,
    lastcontact: toMsDate(device.lastcontact),
    location: device.location && {
      latitude: device.location.latitude,
      longitude: device.location.longitude,
      timestamp: toMsDate(device.location.timestamp),
    },
    lostmodeenabled: device.lostmodeenabled,
    recoverytoken: device.recoverytoken,
    managed: device.managed,
    mdmprofileremoved: device.mdmprofileremoved,
    wiped: device.wiped,
    passcodecompliant: device.passcodecompliant,
    passwordenabled: device.passwordenabled,
    roaming: device.roaming,
    supervised: device.supervised,
    actions: actionsOf(world, device),
  }
}
