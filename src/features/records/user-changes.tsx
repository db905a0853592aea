import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorState } from '@/components/error-state'
import { Skeleton } from '@/components/skeleton'
import { getConfig } from '@/lib/config'
import { activityQuery, type ActivityFilter } from './api'
import { ActivityLine } from './activity-line'
import type { Activity } from './schemas'
import './records.css'

/** The invitations and deletions of users: the help desk's records that name no device. */
export const USER_CHANGES: ActivityFilter = { actions: ['userInvite', 'userDelete'] }

/**
 * A change whose answer the records do not hold yet: they are completed just after the answer
 * went out, so the search the change itself started may come first. Asked again for a minute.
 */
function unanswered(item: Activity) {
  return item.outcome === 'accepted' && Date.now() - item.at.getTime() < 60_000
}

/**
 * Every invitation and deletion of a user the help desk of this tenant sent through the portal,
 * refused ones too: a refused one names no user, so it is in no user's activity but here, with
 * who sent it, whom it asked for and the service's answer. None where the portal keeps no records.
 */
export function UserChanges() {
  const { t } = useTranslation('records')
  const titleId = useId()
  const changes = useQuery({
    ...activityQuery(USER_CHANGES),
    enabled: getConfig().records,
    refetchInterval: (query) => (query.state.data?.some(unanswered) ? 1000 : false),
  })
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
