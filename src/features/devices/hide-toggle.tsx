import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/button'
import { Glyph } from '@/components/icons'
import type { Device } from '@contract/schemas'
import { deviceName } from '@/entities/device/name'
import { useErrorMessage } from '@/lib/api/error-message'
import { useDeviceMemory } from './device-memory'
import { useHideDevice, useHideFailure, useHiddenDevices } from './hidden-devices'
import { LiveNews } from '@/components/live'

/** Whether the signed-in person hid this device from their list, and the way to change it. */
export function useHidden(clientId: string) {
  const { hidden: ids, withAccount, known } = useHiddenDevices()
  const { update } = useDeviceMemory()
  const change = useHideDevice(clientId)
  const hidden = ids.includes(clientId)
  const toggle = () => {
    if (withAccount) return change.mutate(!hidden)
    update((current) => ({
      ...current,
      hidden: hidden
        ? current.hidden.filter((id) => id !== clientId)
        : [...current.hidden, clientId],
    }))
  }
  return { hidden, toggle, known, withAccount }
}

/**
 * The device whose card was just moved between the list and its hidden devices. The card is
 * drawn anew in its other place; focus follows it there instead of falling back to the page.
 */
let movedCard: string | null = null

/** Puts focus on the moved card's button, or on the closed section's summary that now holds it. */
function useFocusAfterMove(clientId: string, compact: boolean) {
  const ref = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (!compact || movedCard !== clientId || !ref.current) return
    movedCard = null
    const closed = ref.current.closest('details:not([open])')
    const target = closed?.querySelector('summary') ?? ref.current
    target.focus()
  }, [clientId, compact])
  return ref
}

/**
 * Hides a retired device from "my devices", or shows it there again; the list keeps hidden
 * devices under "Hidden devices". On the device's page the outcome is said beside the button;
 * a change the portal could not keep is undone and said beside it everywhere.
 */
export function HideToggle({ device, compact = false }: { device: Device; compact?: boolean }) {
  const { t } = useTranslation('devices')
  const errorMessage = useErrorMessage()
  const { hidden, toggle, known, withAccount } = useHidden(device.clientid)
  const failure = useHideFailure(device.clientid)
  const ref = useFocusAfterMove(device.clientid, compact)
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
        ref={ref}
        onClick={() => {
          if (compact) movedCard = device.clientid
          toggle()
        }}
      >
        {!hidden && <Glyph name="hide" />}
        {t(hidden ? 'retired.show' : 'retired.hide')}
      </Button>
      {!compact && (
        <p role="status" className="hide-toggle__status">
          {hidden ? t(withAccount ? 'retired.hidden' : 'retired.hiddenBrowser') : ''}
        </p>
      )}
      {failure && (
        <LiveNews role="alert" className="hide-toggle__error">
          {t(failure.hiding ? 'retired.hideFailed' : 'retired.showFailed', {
            name,
            reason: errorMessage(failure.error),
          })}
        </LiveNews>
      )}
    </div>
  )
}
