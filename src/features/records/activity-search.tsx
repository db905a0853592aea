import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { useId, useMemo, useRef, useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Button } from '@/components/button'
import { ErrorState } from '@/components/error-state'
import { NoMatch, useNoMatchTitle } from '@/components/no-match'
import { Skeleton } from '@/components/skeleton'
import { ApiError } from '@/lib/api/api-error'
import { useErrorMessage } from '@/lib/api/error-message'
import { getConfig } from '@/lib/config'
import { useHydrated } from '@/lib/use-hydrated'
import { activityPagesQuery, useActivityCsv } from './api'
import { ActivityLine, type TenantNames } from './activity-line'
import { LeftOutNote } from './left-out-note'
import { OlderRecords } from './older-records'
import { saveFile } from './save-file'
import {
  isRangeReversed,
  NO_FILTERS,
  toActivityFilter,
  type ActivityFilters,
} from './activity-address'
import { ActivityFilterFields } from './activity-filters'
import { ActivityScope } from './activity-scope'
import './records.css'

/**
 * The help desk's view of the activity of a user's devices or (none named) of every device and
 * user the service shows the viewer, with its CSV. The tenant's names each
 * line's device and owner with links to their pages (`names`: from the tenant's lists). The
 * filters are the search's own, or, given with `onFiltersChange`, the screen's (its address):
 * `push` says a change starts a new choice, one Back undoes.
 */
export function ActivitySearch({
  sid,
  names,
  filters: given,
  onFiltersChange,
  activityHref,
}: {
  sid?: string
  names?: TenantNames
  filters?: ActivityFilters
  onFiltersChange?: (next: ActivityFilters, push: boolean) => void
  /** The Activity screen narrowed to the user of `sid`, for a link to keep or share. */
  activityHref?: string
}) {
  const { t } = useTranslation('records')
  const titleId = useId()
  const errorText = useErrorMessage()
  const [own, setOwn] = useState(NO_FILTERS)
  const filters = given ?? own
  // The server draws the screen without the address's filters, and React takes that drawing over
  // as it is: the fields, the device or user and "Clear filters" show them from the render after.
  // The search asks for them from the start; its answer comes after that render.
  const shown = useHydrated() ? filters : NO_FILTERS
  const change = onFiltersChange ?? ((next: ActivityFilters) => setOwn(next))
  const filtersRef = useRef<HTMLDivElement>(null)
  const badRange = isRangeReversed(filters)
  // A filter set back to "any" is no filter: compared by what it holds, not by which object.
  const filtered = Object.values(shown).some((value) => value !== '')
  const narrowed = { query: '', filtered }
  const noMatch = useNoMatchTitle('activity', narrowed)
  const filter = toActivityFilter(filters, { sid })
  const tenant = !sid
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
  // A device or user named by the address that the service does not show this viewer: no retry
  // helps, the filter's own button is the way on.
  const notShown =
    (filters.device !== '' || filters.user !== '') &&
    activity.error instanceof ApiError &&
    activity.error.kind === 'forbidden'
  const csv = useActivityCsv()
  if (!getConfig().records) return null
  // The button goes with the filters or the empty list: the keyboard goes on from the first
  // filter (the list has no search).
  const focusFirst = () => filtersRef.current?.querySelector('input')?.focus()
  const clearFilters = () => {
    change(NO_FILTERS, true)
    focusFirst()
  }

  return (
    <section className="page-section records-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t(tenant ? 'tenant.search' : 'search.title')}</h2>
      <p className="records-card__lead">{t(tenant ? 'tenant.searchLead' : 'search.lead')}</p>
      {activityHref && (
        <p className="records-more">
          <Link to={activityHref}>{t('links.user')}</Link>
        </p>
      )}
      <ActivityScope
        device={shown.device}
        user={shown.user}
        names={names}
        onRemove={(member) => {
          change({ ...filters, [member]: '' }, true)
          focusFirst()
        }}
      />
      <ActivityFilterFields
        filters={shown}
        badRange={badRange}
        onChange={(next, push) => change({ ...filters, ...next }, push)}
        ref={filtersRef}
      />
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
      ) : notShown ? (
        <Alert tone="warning">{t('scope.notShown')}</Alert>
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
