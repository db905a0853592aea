import { useTranslation } from 'react-i18next'
import { Alert } from '../../../components/alert'
import { Button } from '../../../components/button'
import { useErrorMessage } from '../../../lib/api/error-message'
import type { Device } from '../../../lib/api/schemas'
import { formatRelative } from '../../../lib/format'
import { useLastRefresh } from '../api/follow'
import { useRequestAppList } from '../api/mutations'
import { deviceName } from '../model/catalog'
import { useNow } from './use-now'
import { useSingleFlight } from './use-single-flight'

/** Two days without contact: commands will probably wait a while. */
const QUIET_AFTER_MS = 48 * 3600_000

/**
 * The chosen device's side of things: asks it for its app list (`requestapplist`), tells when
 * the user last did so, and warns when the device has been quiet for long.
 * Keyed by device, so a message about one device never stays on screen for another.
 */
export function RefreshFromDevice({ device }: { device: Device }) {
  const { t } = useTranslation('apps')
  const errorMessage = useErrorMessage()
  const refresh = useRequestAppList()
  const singleFlight = useSingleFlight()
  const last = useLastRefresh(device.clientid)
  const now = useNow()
  const name = deviceName(device)
  const quietSince =
    device.lastcontact && now - device.lastcontact.getTime() > QUIET_AFTER_MS
      ? device.lastcontact
      : null

  return (
    <div className="apps-refresh">
      {quietSince && (
        <Alert tone="warning">
          {t('device.quiet', { device: name, time: formatRelative(quietSince, now) })}
        </Alert>
      )}
      <div className="apps-refresh__row">
        <Button
          pending={refresh.isPending}
          pendingLabel={t('refresh.pending')}
          onClick={() =>
            singleFlight((settled) => refresh.mutate(device.clientid, { onSettled: settled }))
          }
        >
          {t('refresh.button')}
        </Button>
        <p className="apps-refresh__when">
          {last
            ? t('refresh.last', { time: formatRelative(new Date(Math.min(last, now)), now) })
            : t('refresh.never', { device: name })}
        </p>
      </div>
      <div role="status">
        {refresh.isSuccess && (
          <p className="apps-refresh__asked">{t('refresh.asked', { device: name })}</p>
        )}
      </div>
      {refresh.isError && (
        <Alert tone="error">
          {t('refresh.failed', { device: name, message: errorMessage(refresh.error) })}
        </Alert>
      )}
    </div>
  )
}
