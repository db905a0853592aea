import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorState } from '@/components/error-state'
import { Skeleton } from '@/components/skeleton'
import { getConfig } from '@/lib/config'
import type { Device } from '@contract/schemas'
import { deviceHistoryQuery } from '@/entities/device/history'
import { ActivityLine } from './activity-line'
import './records.css'

/** A device's page: what was done to it through the portal. */
export function DeviceHistory({
  device,
  showAccount = false,
}: {
  device: Device
  showAccount?: boolean
}) {
  const { t } = useTranslation('records')
  const titleId = useId()
  const history = useQuery(deviceHistoryQuery(device.clientid, device))
  if (!getConfig().records) return null
  return (
    <section className="page-section records-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('history.title')}</h2>
      <p className="records-card__lead">{t('history.lead')}</p>
      {history.isPending ? (
        <div aria-busy="true" aria-label={t('history.loading')}>
          <Skeleton rows={3} />
        </div>
      ) : history.isError ? (
        <ErrorState error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.activity.length === 0 ? (
        <p className="records-empty">{t('history.empty')}</p>
      ) : (
        <ol className="activity-list" aria-live="polite">
          {history.data.activity.map((item) => (
            <li key={item.id}>
              <ActivityLine item={item} showAccount={showAccount} />
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
