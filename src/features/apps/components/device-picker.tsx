import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { Device } from '../../../../contract/schemas'
import { deviceName } from '../../../lib/device'

/** Chooses the device the apps are shown for; '' is "no device". */
export function DevicePicker({
  devices,
  value,
  onChange,
  noneLabel,
  hint,
}: {
  devices: readonly Device[]
  value: string
  onChange: (clientId: string) => void
  noneLabel: string
  hint?: string
}) {
  const { t } = useTranslation('apps')
  const id = useId()
  const hintId = `${id}-hint`
  return (
    <div className="field apps-device-picker">
      <label htmlFor={id}>{t('device.label')}</label>
      <select
        id={id}
        value={value}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{noneLabel}</option>
        {devices.map((device) => (
          <option key={device.clientid} value={device.clientid}>
            {device.modelname && device.modelname !== deviceName(device)
              ? t('device.option', { name: deviceName(device), model: device.modelname })
              : deviceName(device)}
          </option>
        ))}
      </select>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  )
}
