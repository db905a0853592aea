import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Button } from '@/components/button'
import { ErrorState } from '@/components/error-state'
import { NoMatch, useNoMatchTitle } from '@/components/no-match'
import { Field } from '@/components/field'
import { Skeleton } from '@/components/skeleton'
import { useErrorMessage } from '@/lib/api/error-message'
import { getConfig } from '@/lib/config'
import { activityPagesQuery, useActivityCsv, type ActivityFilter } from './api'
import { ActivityLine, type TenantNames } from './activity-line'
import { LeftOutNote } from './left-out-note'
import { OlderRecords } from './older-records'
import { saveFile } from './save-file'
import { SENDER_FILTERS, type SenderFilter } from '@contract/commands'
import { RECORDED_ACTIONS as ACTIONS, type RecordedAction } from '@/entities/device/history'
import './records.css'

interface Filters {
  from: string
  to: string
  action: RecordedAction | ''
  actor: SenderFilter | ''
}
const NONE: Filters = { from: '', to: '', action: '', actor: '' }

/** The day's start (or, for "to", its end) in the browser's time zone, as the server reads it. */
function dayBound(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

function toFilter(scope: { sid?: string; clientId?: string }, filters: Filters): ActivityFilter {
  const filter: ActivityFilter = {}
  if (scope.sid) filter.sid = scope.sid
  if (scope.clientId) filter.clientid = scope.clientId
  const from = dayBound(filters.from, false)
  const to = dayBound(filters.to, true)
  if (from) filter.from = from
  if (to) filter.to = to
  if (filters.action) filter.actions = [filters.action]
  if (filters.actor) filter.actor = filters.actor
  return filter
}

/**
 * The help desk's view of the activity of a user's devices, of one device, or (neither named) of
 * every device and user the service shows the viewer, with its CSV. The tenant's names each
 * line's device and owner with links to their pages (`names`: from the tenant's lists).
 */
export function ActivitySearch({
  sid,
  clientId,
  names,
}: {
  sid?: string
  clientId?: string
  names?: TenantNames
}) {
  const { t } = useTranslation('records')
  const titleId = useId()
  const actionId = useId()
  const actorId = useId()
  const dateHintId = useId()
  const errorText = useErrorMessage()
  const [filters, setFilters] = useState<Filters>(NONE)
  const filtersRef = useRef<HTMLDivElement>(null)
  const badRange = filters.from !== '' && filters.to !== '' && filters.to < filters.from
  // A filter set back to "any" is no filter: compared by what it holds, not by which object.
  const filtered = Object.values(filters).some((value) => value !== '')
  const narrowed = { query: '', filtered }
  const noMatch = useNoMatchTitle('activity', narrowed)
  const filter = toFilter({ sid, clientId }, filters)
  const tenant = !sid && !clientId
  // The newest 500, and older ones page by page as asked; a filter changed starts from the newest.
  const activity = useInfiniteQuery({
    ...activityPagesQuery(filter),
    enabled: getConfig().records && !badRange,
    placeholderData: keepPreviousData,
  })
  const pages = activity.data?.pages
  const items = useMemo(() => pages?.flatMap((page) => page.activity) ?? [], [pages])
  const last = pages?.at(-1)
  const listRef = useRef<HTMLOListElement>(null)
  // The last search's answer stays on screen while the next one is asked, said to be updating.
  const updating = activity.isPlaceholderData
  // TanStack Query holds a read while the browser is offline, and sends it once back.
  const updatingText =
    activity.fetchStatus === 'paused' ? 'search.updateOffline' : 'search.updating'
  const csv = useActivityCsv()
  if (!getConfig().records) return null
  const set = (change: Partial<Filters>) => setFilters((current) => ({ ...current, ...change }))
  const clearFilters = () => {
    setFilters(NONE)
    // The button goes with the filters or the empty list: the keyboard goes on from the first
    // filter (the list has no search).
    filtersRef.current?.querySelector('input')?.focus()
  }

  return (
    <section className="page-section records-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t(tenant ? 'tenant.search' : 'search.title')}</h2>
      <p className="records-card__lead">{t(tenant ? 'tenant.searchLead' : 'search.lead')}</p>
      <div className="activity-filters" ref={filtersRef}>
        {/* One group, as the device list's date ranges are: entering either field says what the
            two limit together. */}
        <fieldset className="field activity-filters__dates">
          <legend>{t('search.dates')}</legend>
          <div className="activity-filters__pair">
            <Field
              label={t('search.from')}
              // A list of the page's fields names each by itself: the name says what it limits,
              // after the word it shows.
              aria-label={t('search.fromNamed')}
              type="date"
              value={filters.from}
              aria-describedby={dateHintId}
              onChange={(event) => set({ from: event.target.value })}
            />
            <Field
              label={t('search.to')}
              aria-label={t('search.toNamed')}
              type="date"
              value={filters.to}
              aria-describedby={dateHintId}
              error={badRange ? t('search.toBeforeFrom') : null}
              onChange={(event) => set({ to: event.target.value })}
            />
          </div>
          {/* WebKit draws today's date, greyed, in an empty date field: said here to filter nothing. */}
          <p id={dateHintId} className="field__hint activity-filters__hint">
            {t('search.emptyDate')}
          </p>
        </fieldset>
        <div className="field">
          <label htmlFor={actionId}>{t('search.action')}</label>
          <select
            id={actionId}
            value={filters.action}
            onChange={(event) =>
              set({ action: ACTIONS.find((action) => action === event.target.value) ?? '' })
            }
          >
            <option value="">{t('search.anyAction')}</option>
            {ACTIONS.map((action) => (
              <option key={action} value={action}>
                {t(`actionName.${action}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={actorId}>{t('search.who')}</label>
          <select
            id={actorId}
            value={filters.actor}
            onChange={(event) =>
              set({ actor: SENDER_FILTERS.find((sender) => sender === event.target.value) ?? '' })
            }
          >
            <option value="">{t('search.anyone')}</option>
            {SENDER_FILTERS.map((sender) => (
              <option key={sender} value={sender}>
                {t(`search.${sender}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="activity-toolbar">
        <Button
          variant="secondary"
          disabled={badRange}
          pending={csv.isPending}
          onClick={() =>
            csv.send(filter, {
              onSuccess: (file) => saveFile(file.blob, file.fileName ?? 'activity.csv'),
            })
          }
        >
          {t('search.csv')}
        </Button>
        {filtered && (
          <Button variant="ghost" onClick={clearFilters}>
            {t('search.reset')}
          </Button>
        )}
      </div>
      {csv.isError && (
        <Alert tone="error">{t('search.csvFailed', { message: errorText(csv.error) })}</Alert>
      )}
      {badRange ? null : activity.isPending ? (
        <Skeleton rows={4} />
      ) : activity.isError && !activity.isFetchNextPageError ? (
        <ErrorState error={activity.error} onRetry={() => void activity.refetch()} />
      ) : (
        <>
          {/* One status region for the list, there before its answer changes: it says the count,
              that the list is updating, or (once, as the card below shows it) that nothing matches. */}
          <p className="records-count" role="status">
            {updating ? (
              t(updatingText)
            ) : last && pages && pages.length > 1 ? (
              // How many older ones came, and whether there are older ones still.
              [
                t('search.olderShown', { count: last.activity.length, total: items.length }),
                ...(last.more ? [t('search.olderLeft')] : []),
              ].join(' ')
            ) : items.length > 0 ? (
              // The newest records only: the server says when older ones match (its limit).
              last?.more ? (
                <LeftOutNote count={items.length} hint={t('search.leftOutHint')} />
              ) : (
                t('search.count', { count: items.length })
              )
            ) : last?.more ? (
              t('search.olderLeft')
            ) : noMatch ? (
              <span className="visually-hidden">{noMatch}</span>
            ) : null}
          </p>
          {items.length > 0 ? (
            <ol className="activity-list" aria-busy={updating || undefined} ref={listRef}>
              {items.map((item) => (
                // Focusable from code: the first of the older ones that came (OlderRecords).
                <li key={item.id} tabIndex={-1}>
                  <ActivityLine
                    item={item}
                    showAccount
                    showDevice
                    names={tenant ? names : undefined}
                  />
                </li>
              ))}
            </ol>
          ) : updating || last?.more ? null : filtered ? (
            // Its own way out, as every list's: the same as the toolbar's "Clear filters" above.
            <NoMatch
              noun="activity"
              narrowed={narrowed}
              level={3}
              hint={t('search.noMatchHint')}
              onClear={clearFilters}
            />
          ) : (
            <p className="records-empty">{t('search.none')}</p>
          )}
          {!updating && (
            <OlderRecords key={JSON.stringify(filter)} query={activity} listRef={listRef} />
          )}
        </>
      )}
    </section>
  )
}
