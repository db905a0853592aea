import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorState } from '@/components/error-state'
import { Skeleton } from '@/components/skeleton'
import { getConfig } from '@/lib/config'
import { activityQuery, type ActivityFilter } from './api'
import { ActivityLine } from './activity-line'
import './records.css'

/** The invitations and deletions of users: the help desk's records that name no device. */
export const USER_CHANGES: ActivityFilter = { actions: ['userInvite', 'userDelete'] }

/**
 * Every invitation and deletion of a user the help desk of this tenant sent through the portal,
 * refused ones too: a refused one names no user, so it is in no user's activity but here, with
 * who sent it, whom it asked for and the service's answer. None where the portal keeps no records.
 */
export function UserChanges() {
  const { t } = useTranslation('records')
  const titleId = useId()
  const changes = useQuery({ ...activityQuery(USER_CHANGES), enabled: getConfig().records })
  if (!getConfig().records) return null
  return (
    <section className="page-section records-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('userChanges.title')}</h2>
      <p className="records-card__lead">{t('userChanges.lead')}</p>
      {changes.isPending ? (
        <Skeleton rows={3} />
      ) : changes.isError ? (
        <ErrorState error={changes.error} onRetry={() => void changes.refetch()} />
      ) : changes.data.length === 0 ? (
        <p className="records-empty">{t('userChanges.none')}</p>
      ) : (
        <ol className="activity-list">
          {changes.data.map((item) => (
            <li key={item.id}>
              <ActivityLine item={item} showAccount />
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
