import { useTranslation } from 'react-i18next'
import { Button } from '@/components/button'
import { Glyph } from '@/components/icons'
import type { Device } from '@contract/schemas'
import { deviceName } from '@/entities/device/name'
import { useDeviceMemory } from './device-memory'

/** Whether the signed-in account hid this device from its list, and the way to change it. */
export function useHidden(clientId: string) {
  const { memory, update, known } = useDeviceMemory()
  const hidden = memory.hidden.includes(clientId)
  const toggle = () =>
    update((current) => ({
      ...current,
      hidden: hidden
        ? current.hidden.filter((id) => id !== clientId)
        : [...current.hidden, clientId],
    }))
  return { hidden, toggle, known }
}

/**
 * Hides a retired device from "my devices", or shows it there again; the list keeps hidden
 * devices under "Hidden devices". On the device's page the outcome is said beside the button.
 */
export function HideToggle({ device, compact = false }: { device: Device; compact?: boolean }) {
  const { t } = useTranslation('devices')
  const { hidden, toggle, known } = useHidden(device.clientid)
  if (!known) return null
  const name = deviceName(device)
  return (
    <div className="hide-toggle">
      <Button
        variant="secondary"
        className="hide-toggle__button"
        aria-label={
          compact ? t(hidden ? 'retired.showNamed' : 'retired.hideNamed', { name }) : undefined
        }
        onClick={toggle}
      >
        {!hidden && <Glyph name="hide" />}
        {t(hidden ? 'retired.show' : 'retired.hide')}
      </Button>
      {!compact && (
        <p role="status" className="hide-toggle__status">
          {hidden ? t('retired.hidden') : ''}
        </p>
      )}
    </div>
  )
}
