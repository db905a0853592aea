import { useQuery } from '@tanstack/react-query'
import { memo, useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Button } from '@/components/button'
import { useErrorMessage } from '@/lib/api/error-message'
import { deviceQuery } from '@/entities/device/queries'
import type { Device } from '@contract/schemas'
import {
  APP_LIST_SLOW_MS,
  noteDeviceRead,
  useAppListRequest,
} from '@/entities/app/app-list-requests'
import { formatAgo, formatRelative } from '@/lib/format'
import { CADENCES, pollInterval } from '@/entities/device/polling'
import { useRequestAppList } from '@/features/apps/mutations'
import { deviceName } from '@/entities/device/name'
import { reachability } from '@/entities/device/waiting'
import { useNow } from '@/lib/clock'

/** What is said of an app list long in coming, by how recently the device was in touch. */
const SLOW = {
  unknown: 'refresh.slow',
  online: 'refresh.slowOnline',
  seen: 'refresh.slowSeen',
} as const

/** Two days without contact: commands will probably wait a while. */
const QUIET_AFTER_MS = 48 * 3600_000

/**
 * The chosen device's side of things: asks it for its app list (`requestapplist`), waits for its
 * answer (the device is read again with backoff until its last contact moves on), says when it
 * last sent its list, and warns when the device has been quiet for long.
 * Keyed by device, so a message about one device never stays on screen for another. Memoized: a
 * keystroke in the search beside it leaves it as it is.
 */
export const RefreshFromDevice = memo(function RefreshFromDevice({ device }: { device: Device }) {
  const { t } = useTranslation('apps')
  const errorMessage = useErrorMessage()
  const refresh = useRequestAppList()
  const request = useAppListRequest(device.clientid)
  const now = useNow(15_000)
  const name = deviceName(device)
  const waiting = request !== null && request.answeredAt === null
  const slow = waiting && now - request.askedAt >= APP_LIST_SLOW_MS
  const fresh = useQuery({
    ...deviceQuery(device.clientid),
    enabled: waiting,
    refetchInterval: () =>
      request && waiting ? pollInterval(CADENCES.app, Date.now() - request.askedAt) : false,
    refetchIntervalInBackground: false,
  })
  // The device read again (or as the list had it) is what tells whether it has answered.
  const latest = fresh.data ?? device
  useEffect(() => noteDeviceRead(latest), [latest])
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
          pending={refresh.isPending || (waiting && !slow)}
          pendingLabel={refresh.isPending ? t('refresh.pending') : t('refresh.waitingButton')}
          onClick={() => refresh.send(device)}
        >
          {t('refresh.button')}
        </Button>
        <p className="apps-refresh__when" role="status">
          {slow
            ? t(SLOW[reachability(latest, now)], {
                device: name,
                relative: latest.lastcontact ? formatAgo(latest.lastcontact, now) : '',
              })
            : waiting
              ? t('refresh.waiting', { device: name })
              : request?.answeredAt
                ? t('refresh.answered', {
                    device: name,
                    time: formatRelative(new Date(Math.min(request.answeredAt, now)), now),
                  })
                : t('refresh.never', { device: name })}
        </p>
      </div>
      {refresh.isError && (
        <Alert tone="error">
          {t('refresh.failed', { device: name, message: errorMessage(refresh.error) })}
        </Alert>
      )}
    </div>
  )
})
