import { memo, useDeferredValue, useId, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { Device } from '@contract/schemas'
import { deviceName } from '@/entities/device/name'

/**
 * Chooses the device the apps are shown for; '' is "no device". Memoized: a keystroke in the
 * search beside it renders it at most once, with the callback that carries the new search.
 */
export const DevicePicker = memo(function DevicePicker({
  devices,
  value,
  onChange,
  noneLabel,
  hint,
  disabled = false,
}: {
  devices: readonly Device[]
  value: string
  onChange: (clientId: string) => void
  noneLabel: string
  hint?: string
  /** While the devices load: in its place already, so nothing moves when they come. */
  disabled?: boolean
}) {
  const { t } = useTranslation('apps')
  const id = useId()
  const hintId = `${id}-hint`
  // A large account has thousands of devices: the page first shows the chosen one alone and
  // fills in the others in a render of their own, so the apps beneath are not held up by them.
  const chosen = useMemo(
    () => devices.filter((device) => device.clientid === value),
    [devices, value],
  )
  const offered = useDeferredValue(devices, chosen)
  return (
    <div className="field apps-device-picker">
      <label htmlFor={id}>{t('device.label')}</label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{noneLabel}</option>
        <DeviceOptions devices={offered} />
      </select>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  )
})

/** Rendered again only when the devices change, not with every keystroke in the search. */
const DeviceOptions = memo(function DeviceOptions({ devices }: { devices: readonly Device[] }) {
  const { t } = useTranslation('apps')
  return devices.map((device) => (
    <option key={device.clientid} value={device.clientid}>
      {device.modelname && device.modelname !== deviceName(device)
        ? t('device.option', { name: deviceName(device), model: device.modelname })
        : deviceName(device)}
    </option>
  ))
})
