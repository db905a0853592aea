import { DEVICE_TYPE } from '../../../contract/schemas.ts'
import type { AppRecord, DeviceRecord, FormFactor } from './records.ts'

/** Which form factors an app's devicetype covers; values other than SmartphoneAndTablet are ours. */
const FORM_FACTORS: Record<string, FormFactor[]> = {
  SmartphoneAndTablet: ['smartphone', 'tablet'],
  Smartphone: ['smartphone'],
  Tablet: ['tablet'],
  Desktop: ['desktop'],
}

export function isCompatible(app: AppRecord, device: DeviceRecord): boolean {
  const platform = device.type === DEVICE_TYPE.android ? 'Android' : 'Apple'
  return (
    app.platform === platform && (FORM_FACTORS[app.devicetype] ?? []).includes(device.formFactor)
  )
}
