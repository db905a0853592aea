import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ErrorState } from '@/components/error-state'
import { getConfig } from '@/lib/config'
import { APP_STATUS, type Device } from '@contract/schemas'
import { appListQuery } from '@/entities/app/queries'
import { deviceHistoryQuery } from '@/entities/device/history'
import { hasPendingAction } from '@/entities/device/status'
import { ActivityLine } from './activity-line'
import { HistoryLoading, HistorySection } from './history-section'
import { LeftOutNote } from './left-out-note'

/**
 * A device's page: what was done to it through the portal; on the help desk's, with the way to
 * all of it on the Activity screen (`activityHref`), beyond the last 20 and with its filters.
 */
export function DeviceHistory({
  device,
  showAccount = false,
  activityHref,
}: {
  device: Device
  showAccount?: boolean
  activityHref?: string
}) {
  const { t } = useTranslation('records')
  const history = useQuery(deviceHistoryQuery(device.clientid, device))
  // The device's apps as the page last read them (never read from here: an administrator's list
  // is not the device's): an install or removal ends when its app is no longer waiting.
  const appsWaiting = useQuery({
    ...appListQuery(device.clientid),
    enabled: false,
    select: (apps) => apps.some((app) => app.status === APP_STATUS.pending),
  })
  // The history waits on the command cadence, as the device does; once the device's read (or
  // its app list's) shows the command ended, it is read at once, so it says "done" with the
  // rest of the page.
  const pending = hasPendingAction(device) || appsWaiting.data === true
  const wasPending = useRef(pending)
  const { refetch } = history
  useEffect(() => {
    if (wasPending.current && !pending) void refetch()
    wasPending.current = pending
  }, [pending, refetch])
  if (!getConfig().records) return null
  return (
    <HistorySection>
      {history.isPending ? (
        <HistoryLoading />
      ) : history.isError ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.activity.length === 0 ? (
        <p className="records-empty">{t('history.empty')}</p>
      ) : (
        <>
          {/* The newest records only: the server says when older ones exist. The help desk's
              (showAccount) Activity screen shows them. */}
          {history.data.more && (
            <p className="records-count">
              <LeftOutNote
                count={history.data.activity.length}
                hint={showAccount ? t('history.leftOutHelpdesk') : undefined}
              />
            </p>
          )}
          {/* Not a live region: what was sent and what the device did is said once, by the
              page's notice; the history would say it again, at length, and again as each line
              turns done. */}
          <ol className="activity-list">
            {history.data.activity.map((item) => (
              <li key={item.id}>
                <ActivityLine item={item} showAccount={showAccount} />
              </li>
            ))}
          </ol>
        </>
      )}
      {activityHref && (
        <p className="records-more">
          <Link to={activityHref}>{t('links.device')}</Link>
        </p>
      )}
    </HistorySection>
  )
}
