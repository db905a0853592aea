import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorState } from '@/components/error-state'
import { Skeleton } from '@/components/skeleton'
import { getConfig } from '@/lib/config'
import { pollInterval, type Cadence } from '@/entities/device/polling'
import { activityQuery, type ActivityFilter } from './api'
import { ActivityLine } from './activity-line'
import { LeftOutNote } from './left-out-note'
import type { Activity } from './schemas'
import './records.css'

/** The invitations, deletions and password links of users: the help desk's records that name no device. */
export const USER_CHANGES: ActivityFilter = {
  actions: ['userInvite', 'userDelete', 'userPasswordLink'],
}

/**
 * A change whose answer the records do not hold yet (`sent`): they are completed just after the
 * answer went out, so the search the change itself started may come first. One sent more than a
 * minute ago (by the browser's clock) is not awaited second by second: its answer is late.
 */
function unanswered(item: Activity, now: number) {
  return item.outcome === 'sent' && now - item.at.getTime() < 60_000
}

/**
 * The answer is normally recorded within a second of the change: asked again after 1 s, 2 s,
 * 4 s, 8 s, then every 15 s. Each read of the records asks the service about each user they
 * name, so they are not read every second.
 */
const USER_CHANGE_CADENCE: Cadence = [
  [1_000, 1_000],
  [3_000, 2_000],
  [7_000, 4_000],
  [15_000, 8_000],
  [Infinity, 15_000],
]

/** How long a change is awaited at that pace, by this browser's own clock (not the server's). */
const AWAITED_MS = 60_000

/**
 * After that, a change still sent is read again once a minute, for an answer that comes late,
 * and a second after the portal server's wait for it is over (`waitLeftMs`), when the server
 * says it has no answer: the line says what the server says, until the server waits no more.
 */
const LATE_EVERY_MS = 60_000
const AFTER_WAIT_MS = 1_000

/** Since when each unanswered change has been awaited here, by id. */
const awaitedSince = new Map<string, number>()

/**
 * The records' `refetchInterval`: the cadence's step for the change awaited the shortest time;
 * once each has been awaited for a minute (or was sent long before), once a minute while one
 * is still sent, or just after the first wait ends; `false` once none is sent. Never while the
 * page is hidden (`refetchIntervalInBackground: false`). `readAt`: when `changes` came, by this
 * browser's clock.
 */
function userChangesInterval(changes: Activity[] | undefined, now = Date.now(), readAt = now) {
  const sent = (changes ?? []).filter((item) => item.outcome === 'sent')
  const waiting = new Set(sent.filter((item) => unanswered(item, now)).map((item) => item.id))
  for (const id of awaitedSince.keys()) if (!waiting.has(id)) awaitedSince.delete(id)
  let shortest = Infinity
  for (const id of waiting) {
    const since = awaitedSince.get(id) ?? now
    awaitedSince.set(id, since)
    shortest = Math.min(shortest, Math.max(0, now - since))
  }
  if (shortest < AWAITED_MS) return pollInterval(USER_CHANGE_CADENCE, shortest)
  if (sent.length === 0) return false
  const waitLeft = Math.min(...sent.map((item) => item.waitLeftMs ?? Infinity)) - (now - readAt)
  return Math.min(LATE_EVERY_MS, Math.max(0, waitLeft)) + AFTER_WAIT_MS
}

/**
 * Every invitation, deletion and password link of a user the help desk of this tenant sent
 * through the portal, refused ones too: a refused one names no user, so it is in no user's
 * activity but here, with who sent it, whom it asked for and the service's answer. None where
 * the portal keeps no records.
 */
export function UserChanges() {
  const { t } = useTranslation('records')
  const titleId = useId()
  const changes = useQuery({
    ...activityQuery(USER_CHANGES),
    enabled: getConfig().records,
    refetchInterval: (query) =>
      userChangesInterval(query.state.data?.activity, Date.now(), query.state.dataUpdatedAt),
    refetchIntervalInBackground: false,
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
      ) : changes.data.activity.length === 0 ? (
        <p className="records-empty">{t('userChanges.none')}</p>
      ) : (
        <>
          {/* The newest records of the search only: the server says when older ones exist. */}
          {changes.data.more && (
            <p className="records-count">
              <LeftOutNote
                count={changes.data.activity.length}
                hint={t('userChanges.leftOutHint')}
              />
            </p>
          )}
          <ol className="activity-list">
            {changes.data.activity.map((item) => (
              <li key={item.id}>
                <ActivityLine item={item} showAccount />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  )
}
