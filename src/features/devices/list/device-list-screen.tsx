import { useQuery } from '@tanstack/react-query'
import { ArrivalBar } from '@/components/arrival-bar'
import { useCallback, useId, useMemo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '@/components/button'
import { ErrorState } from '@/components/error-state'
import { ListCount } from '@/components/list-count'
import { NoMatch, useNoMatchTitle } from '@/components/no-match'
import { Screen } from '@/components/screen'
import { SearchField } from '@/components/search-field'
import { Skeleton } from '@/components/skeleton'
import { Alert } from '@/components/alert'
import { useListProgress } from '@/lib/api/all-pages'
import { deviceKeys, deviceListQuery } from '@/entities/device/queries'
import type { Device } from '@contract/schemas'
import { paths } from '@/lib/paths'
import { deviceListScreenQuery } from '@/entities/device/queries'
import { deviceName } from '@/entities/device/name'
import { isRetired } from '@/entities/device/status'
import { useHiddenDevices } from '@/features/devices/hidden-devices'
import '@/features/devices/devices.css'
import { useNow } from '@/lib/clock'
import { DeviceCard } from './device-card'
import { DeviceCards } from './device-cards'
import { DeviceFilters } from './device-filters'
import { activeFilterCount, toApiFilter, type DeviceSort } from './list-params'
import { orderEntries } from './order'
import { matchesWords, searchText, searchWords } from './search'
import { SortSelect } from './sort-select'
import type { ListedOwner } from './device-cards'
import { useListParams } from './use-list-params'
import { growingIndex, sortByName } from '@/lib/text'

/** What another area (the administrators') changes about the list; the employee's by default. */
export interface DeviceListOptions {
  title?: string
  lead?: string
  searchLabel?: string
  /** Where a device's card leads. */
  deviceHref?: (clientId: string) => string
  /** The owner named on each card and found by the search; null while not yet known. */
  ownerOf?: (device: Device) => ListedOwner | null | undefined
  /** What the search finds a device by, as the "nothing matches" card says it. */
  noMatchHint?: string
  /** What an empty list shows instead of the invitation to enroll. */
  empty?: ReactNode
  /** Said below the search, about what it finds (the owners that could not be read). */
  notice?: ReactNode
  /** What a list the service would not page says is missing (the help desk asks nobody else). */
  pagingText?: (counts: { shown: number; total: number }) => string
}

export function DeviceListScreen({
  title,
  lead,
  searchLabel,
  deviceHref = paths.device,
  ownerOf,
  noMatchHint,
  empty,
  notice,
  pagingText,
}: DeviceListOptions = {}) {
  const { t } = useTranslation(['devices', 'common'])
  const { params, search, setSearch, setSort, changeFilters, clearFilters, clearAll } =
    useListParams()
  const screenQuery = deviceListScreenQuery(toApiFilter(params))
  const query = useQuery(screenQuery)
  // "N of total" counts all of the user's devices, whatever the filters let through: the same
  // query as the list when nothing is filtered, read once more when the service filters.
  const everything = useQuery(deviceListQuery())
  const all = useListProgress(deviceKeys.list())
  const { missing } = all
  // How far the list on screen has come: its pages arrive one after the other.
  const progress = useListProgress(screenQuery.queryKey)
  const now = useNow()
  const searchId = useId()
  // An employee may hide retired devices from their own list: kept with the account where the
  // portal keeps records, else in this browser.
  const hiding = useHiddenDevices()
  const { canHide, hidden } = hiding
  const isHidden = useCallback(
    (device: Device) => canHide && isRetired(device) && hidden.includes(device.clientid),
    [canHide, hidden],
  )
  const hiddenDevices = useMemo(
    () => sortByName((query.data ?? []).filter(isHidden), deviceName),
    [query.data, isHidden],
  )
  // Not known while that list's pages still arrive, nor when some never came: a filtered list
  // that came whole would be counted "4,783 of 1,000", against the part of them that is here.
  const total = useMemo(
    () =>
      all.arriving || all.missing > 0
        ? undefined
        : everything.data?.filter((device) => !isHidden(device)).length,
    [all.arriving, all.missing, everything.data, isHidden],
  )

  // Searching 50,000 devices is cheap once each has its text, made once per device as its page
  // arrives. The list follows each keystroke in the same render: it renders only the cards in
  // view, and a deferred second render would cost more than the filtering it puts off.
  const index = useMemo(
    () =>
      growingIndex(
        (device: Device) => {
          if (isHidden(device)) return null
          const owner = ownerOf?.(device)
          return {
            device,
            owner: owner && owner.label,
            name: deviceName(device),
            // The owner by who they are, not by the card's words ("Owner: …"), which every
            // card has: searching "owner" would find them all.
            text: searchText(device, owner?.searchBy),
            // A number once per device: the order by date compares numbers, not dates.
            contact: device.lastcontact ? device.lastcontact.getTime() : null,
          }
        },
        (entry) => entry.name,
      ),
    [ownerOf, isHidden],
  )
  const byName = useMemo(() => index(query.data ?? []), [index, query.data])
  // Ordered once per list and order; each keystroke then only filters the ordered entries.
  const indexed = useMemo(() => orderEntries(byName, params.sort), [byName, params.sort])
  const shown = useMemo(() => {
    const words = searchWords(search)
    return indexed.filter((entry) => matchesWords(entry.text, words))
  }, [indexed, search])
  const filtered = activeFilterCount(params) > 0
  const searched = search.trim() !== ''
  const filtering = filtered || searched
  const narrowed = useMemo(() => ({ query: search, filtered }), [search, filtered])
  // A page failed: what had arrived stays, said to be a part of how many, with a way to try again.
  const partial = query.isError && query.data !== undefined && progress.loaded < progress.total
  // Then a search searched only those loaded: the others may match.
  const partly = useMemo(
    () => (partial ? { loaded: indexed.length, rest: progress.total - progress.loaded } : null),
    [partial, indexed.length, progress.total, progress.loaded],
  )
  const noMatch = useNoMatchTitle('devices', narrowed, partly)
  const inOrder = (text: string, sort: DeviceSort) =>
    text === '' || sort === 'name'
      ? text
      : t(sort === 'lastcontact-desc' ? 'sort.countedNewest' : 'sort.countedOldest', { text })
  // With no device at all there is nothing to search or filter: the invitation to enroll alone.
  const noDevices = everything.data?.length === 0
  // Said once, by the count's status region, when the answer leaves nothing: the card shows it.
  const sayNoMatch =
    noMatch !== null &&
    shown.length === 0 &&
    !noDevices &&
    !query.isPending &&
    !query.isPlaceholderData &&
    !hiding.pending &&
    !(query.isError && !query.data) &&
    // Only what has arrived is searched: the rest may match, so nothing is said to match nothing.
    !progress.arriving

  return (
    <Screen title={title ?? t('list.title')} lead={lead ?? t('list.lead')}>
      {!noDevices && (
        <div className="device-toolbar">
          <SearchField
            id={searchId}
            label={searchLabel ?? t('list.search')}
            value={search}
            onChange={setSearch}
            className="device-search"
          />
          <DeviceFilters params={params} onChange={changeFilters} onClear={clearFilters} />
          <SortSelect value={params.sort} onChange={setSort} />
        </div>
      )}
      {notice}

      {/* While the pages arrive, the count says how many have (announced now and then). */}
      <ListCount
        id={`${searchId}-count`}
        text={inOrder(
          query.isPending || (query.isError && !query.data) || noDevices
            ? ''
            : query.isPlaceholderData
              ? // TanStack Query holds a read while the browser is offline, and sends it once back.
                t(query.fetchStatus === 'paused' ? 'list.updateOffline' : 'list.updating')
              : progress.arriving
                ? filtering
                  ? t('list.countArriving', { count: indexed.length, shown: shown.length })
                  : t('list.arriving', { loaded: progress.loaded, total: progress.total })
                : partial
                  ? filtering
                    ? t('list.countPartialFiltered', {
                        loaded: indexed.length,
                        shown: shown.length,
                      })
                    : t('list.countPartial', { loaded: progress.loaded, total: progress.total })
                  : filtering
                    ? total !== undefined
                      ? t('list.countFiltered', { count: total, shown: shown.length })
                      : t('list.count', { count: shown.length })
                    : t('list.count', { count: indexed.length }),
          // The order chosen is said with the count, in the status region a change is read from.
          query.isPlaceholderData ? 'name' : params.sort,
        )}
        noMatch={sayNoMatch ? noMatch : null}
        arriving={progress.arriving}
        asked={`${search}\n${JSON.stringify(params)}`}
      />
      {!query.isPlaceholderData && <ArrivalBar progress={progress} />}
      {/* A page failed: what had arrived stays, said to be a part, with a way to try again. */}
      {partial && (
        <ErrorState
          error={query.error}
          onRetry={() => void query.refetch()}
          title={t('list.partialTitle', { loaded: progress.loaded, total: progress.total })}
        >
          <p>{t('list.partialRetry', { rest: progress.total - progress.loaded })}</p>
        </ErrorState>
      )}
      {missing > 0 && everything.data && !everything.isError && (
        <Alert tone="warning">
          <p>
            {(pagingText ?? ((counts) => t('list.paging', counts)))({
              shown: everything.data.length,
              total: everything.data.length + missing,
            })}
          </p>
        </Alert>
      )}
      {hiding.error && (
        <Alert tone="warning">
          <p>{t('retired.hiddenUnavailable')}</p>
          <Button variant="secondary" onClick={hiding.retry}>
            {t('common:actions.retry')}
          </Button>
        </Alert>
      )}
      {/* Until the account's hidden devices are read, the list would show them for a moment. */}
      {query.isPending || hiding.pending ? (
        <Skeleton rows={4} />
      ) : query.isError && !query.data ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <DeviceCards
            indexed={indexed}
            shown={shown}
            busy={query.isPlaceholderData}
            now={now}
            deviceHref={deviceHref}
            hideable={canHide}
          />
          {shown.length === 0 &&
            (filtering
              ? // While the pages arrive the count says none of those loaded so far match: the
                // others may.
                !progress.arriving && (
                  <NoMatch
                    noun="devices"
                    narrowed={narrowed}
                    partly={partly}
                    onRetry={() => void query.refetch()}
                    hint={
                      searched && filtered
                        ? t('list.noMatchBoth')
                        : searched
                          ? (noMatchHint ?? t('list.noMatchSearch'))
                          : t('list.noMatchFilters')
                    }
                    // Its own way out, also with filters alone: the filters' panel, and its button of
                    // the same name, may be folded away.
                    onClear={() => {
                      clearAll()
                      // The button goes with the empty list: the keyboard goes on from the search.
                      document.getElementById(searchId)?.focus()
                    }}
                  />
                )
              : (empty ?? (
                  <div className="card empty-state">
                    {/* Devices hidden below are still devices: "none yet" would not be true. */}
                    <h2>
                      {t(hiddenDevices.length > 0 ? 'list.allHiddenTitle' : 'list.emptyTitle')}
                    </h2>
                    <p>{t(hiddenDevices.length > 0 ? 'list.allHiddenBody' : 'list.emptyBody')}</p>
                    <Link className="button button--primary" to={paths.enroll()}>
                      {t('list.enroll')}
                    </Link>
                  </div>
                )))}
          {hiddenDevices.length > 0 && (
            <details className="hidden-devices">
              <summary>{t('retired.hiddenTitle', { count: hiddenDevices.length })}</summary>
              <p>{t(hiding.withAccount ? 'retired.hiddenLead' : 'retired.hiddenLeadBrowser')}</p>
              <ul className="device-list">
                {hiddenDevices.map((device) => (
                  <DeviceCard
                    key={device.clientid}
                    device={device}
                    now={now}
                    hidden={false}
                    href={deviceHref(device.clientid)}
                    hideable
                  />
                ))}
              </ul>
            </details>
          )}
        </>
      )}
    </Screen>
  )
}
