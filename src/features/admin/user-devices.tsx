import type { UseQueryResult } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { ErrorState } from '@/components/error-state'
import { ListCount } from '@/components/list-count'
import { Skeleton } from '@/components/skeleton'
import type { ListProgress } from '@/lib/api/all-pages'
import { formatNumber } from '@/lib/format'
import type { Device } from '@contract/schemas'

/** A page of the tenant's devices failed: those before it are here, the others are not. */
export function isPartial(list: UseQueryResult<Device[]>, progress: ListProgress): boolean {
  return list.isError && list.data !== undefined && progress.loaded < progress.total
}

/**
 * A user's devices, found among the tenant's as its pages arrive: those found so far at once,
 * with how far the search has come above them (new cards join below it, and move nothing the
 * agent reads above them; nor does the end of the search, whose line stays). A tenant of one
 * page has no such line. Counted, and "none" said, only once every page has come.
 */
export function UserDevices({
  name,
  own,
  list,
  progress,
  listed,
  renderDevices,
}: {
  name: string
  /** The user's devices among those that have come, in the order they are shown. */
  own: Device[]
  /** The tenant's devices. */
  list: UseQueryResult<Device[]>
  progress: ListProgress
  /** All the tenant's devices have come: the user's are known. */
  listed: boolean
  renderDevices: (devices: Device[]) => ReactNode
}) {
  const { t } = useTranslation('admin')
  const partial = isPartial(list, progress)
  // The service counted more devices than it sent, and would not page: nothing more will come.
  const unpaged = progress.missing > 0 && !list.isError
  const searching = !listed && !list.isError && !unpaged
  // The search's words, once shown, keep their lines (two on a phone) for the shorter ones after.
  const [searched, setSearched] = useState(progress.arriving)
  if (progress.arriving && !searched) setSearched(true)
  // A tenant read in one page was never searched as far as the agent could see: its devices, and
  // the user's among them, were there at once. Its line ("All 4 of the tenant's devices checked")
  // would only speak of the portal's inner workings, so it and its bar go once that page has come.
  // Before it, their place is kept (the pages may be many), and only the skeleton stands in it.
  const told = searched || !listed
  return (
    <section className="page-section user-devices" aria-labelledby="user-devices-title">
      {/* The count joins the title as one text: a space of its own would move as it came. */}
      <h2 id="user-devices-title">
        {listed ? `${t('user.devices')} (${formatNumber(own.length)})` : t('user.devices')}
      </h2>
      {told && (searching || list.data !== undefined) && (
        <>
          {/* How far the search has come (announced now and then), in place once it ends: "all
              checked" (said once, as deleting can then start), so the cards below stay put. */}
          <div className="user-devices__line">
            {searched && !progress.arriving && (
              <p
                className="user-devices__ghost"
                data-words={t('user.searching', { loaded: progress.total, total: progress.total })}
                aria-hidden="true"
              />
            )}
            <ListCount
              text={
                progress.arriving
                  ? t('user.searching', { loaded: progress.loaded, total: progress.total })
                  : listed
                    ? t('user.checked', { count: progress.total })
                    : list.data !== undefined
                      ? t('user.checkedPart', { loaded: progress.loaded, total: progress.total })
                      : ''
              }
              arriving={progress.arriving}
            />
          </div>
          {/* Its bar keeps its place, unseen, once nothing more arrives. */}
          <progress
            className={progress.arriving ? 'list-progress' : 'list-progress user-devices__done'}
            max={Math.max(progress.total, 1)}
            value={progress.loaded}
            aria-hidden="true"
          />
        </>
      )}
      {/* A page failed: those found stay below, the others are looked for again from there. */}
      {partial && (
        <ErrorState
          error={list.error}
          onRetry={() => void list.refetch()}
          title={t('user.partialTitle', { loaded: progress.loaded, total: progress.total })}
        >
          <p>
            {t(own.length > 0 ? 'user.partialFound' : 'user.partialNone', {
              name,
              rest: progress.total - progress.loaded,
            })}
          </p>
        </ErrorState>
      )}
      {unpaged && (
        <Alert
          tone="warning"
          title={t('user.pagingTitle', { loaded: progress.loaded, total: progress.total })}
        >
          <p>
            {t(own.length > 0 ? 'user.pagingFound' : 'user.pagingNone', {
              name,
              rest: progress.missing,
            })}
          </p>
        </Alert>
      )}
      {list.isError && !partial ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : own.length > 0 ? (
        renderDevices(own)
      ) : searching ? (
        <Skeleton rows={2} />
      ) : (
        // Only when every page has come: with some missing, the user may have devices in them.
        listed && <p>{t('user.noDevices', { name })}</p>
      )}
    </section>
  )
}
