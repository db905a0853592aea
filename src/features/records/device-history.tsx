import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorState } from '../../components/error-state'
import { Skeleton } from '../../components/skeleton'
import { getConfig } from '../../lib/config'
import type { Device } from '../../../contract/schemas'
import { deviceHistoryQuery } from './api'
import { ActivityLine } from './activity-line'
import './records.css'

function hasPendingAction(device: Device): boolean {
  return Object.values(device.actions ?? {}).some((action) => action?.status === 1)
}

/** A device's page: what was done to it through the portal, and what its finder sees. */
export function DeviceHistory({
  device,
  showAccount = false,
}: {
  device: Device
  showAccount?: boolean
}) {
  const { t } = useTranslation('records')
  const titleId = useId()
  const history = useQuery({
    ...deviceHistoryQuery(device.clientid, hasPendingAction(device)),
    enabled: getConfig().records,
  })
  if (!getConfig().records) return null
  const lostMode = device.lostmodeenabled ? history.data?.lostMode : null
  return (
    <section className="page-section records-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('history.title')}</h2>
      <p className="records-card__lead">{t('history.lead')}</p>
      {lostMode && (
        <div className="finder-view">
          <h3>{t('history.lostModeTitle')}</h3>
          <p>{t('history.lostModeLead')}</p>
          <blockquote>
            {typeof lostMode.message === 'string' && <p>{lostMode.message}</p>}
            {typeof lostMode.phonenumber === 'string' && <p>{lostMode.phonenumber}</p>}
            {typeof lostMode.footnote === 'string' && (
              <p className="finder-view__footnote">{lostMode.footnote}</p>
            )}
          </blockquote>
        </div>
      )}
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
