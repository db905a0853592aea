import {
  experimental_streamedQuery as streamedQuery,
  hashKey,
  notifyManager,
  type QueryFunction,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query'
import { useCallback, useSyncExternalStore } from 'react'
import type { z } from '@contract/zod'
import { apiRequest, type RequestOptions } from './client'
import type { RequestBody } from '@contract/requests'

/** The list endpoints: their answers carry pageindex, pagecount and totalcount. */
type ListPath = 'device/list' | 'app/list' | 'user/list'

interface ListAnswer<T> {
  data: T[]
  pageindex?: number | undefined
  pagecount?: number | undefined
  totalcount?: number | undefined
}

interface WholeList<T> {
  data: T[]
  /** The service's count of all items; more than `data.length` only if it ignored `pageindex`. */
  totalcount: number
}

/** Pages asked for at once after the first: quick, without flooding the service. */
export const PAGES_AT_ONCE = 3

/** A page of a list as it arrives, with the service's count of the whole list. */
interface ListPage<T> {
  data: T[]
  totalcount: number
}

/**
 * A list's pages in order, however the service pages it (docs/operating.md, Paging). Page 1 first; if
 * `pagecount` says there are more, the others with the same request plus `pageindex`, a few
 * asked for at once, each parsed with the same schema. A failing page ends the pages with its
 * error (those under way are cancelled). A service that answers another page than the one asked
 * for (it ignores `pageindex`) is not asked again: the pages end, and `totalcount` says how many
 * there are. Without a `totalcount`, the last page gives the count of what arrived.
 */
export async function* listPages<P extends ListPath, T>(
  path: P,
  body: RequestBody<P>,
  schema: z.core.$ZodType<ListAnswer<T>>,
  options: RequestOptions = {},
  /** Where to go on from: the page to read first, and how many items the pages before held. */
  start: { page: number; had: number } = { page: 1, had: 0 },
): AsyncGenerator<ListPage<T>, void, undefined> {
  const from = start.page
  const first = await apiRequest(
    path,
    from > 1 ? { ...body, pageindex: from } : body,
    schema,
    options,
  )
  // Asked to go on, a service that answers another page has nothing more to give.
  if (from > 1 && first.pageindex !== undefined && first.pageindex !== from) return
  const count = from > 1 ? (first.pagecount ?? from) : pagesToRead(first)
  const counted = first.totalcount
  const total = (loaded: number, last: boolean) =>
    counted === undefined ? (last ? loaded : first.data.length * count) : Math.max(counted, loaded)
  let loaded = start.had + first.data.length
  yield { data: first.data, totalcount: total(loaded, count <= from) }
  if (count <= from) return

  const stop = new AbortController()
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal
  const asked: Promise<ListAnswer<T>>[] = []
  let next = from + 1
  const ask = () => {
    const page = apiRequest(path, { ...body, pageindex: next++ }, schema, { ...options, signal })
    // Awaited in order below; one that fails after an earlier failure is of no interest.
    page.catch(() => undefined)
    asked.push(page)
  }
  try {
    while (next <= count && asked.length < PAGES_AT_ONCE) ask()
    for (let index = from + 1; index <= count; index++) {
      const page = await asked.shift()
      if (!page || !isPage(page, index, first)) return
      if (next <= count) ask()
      loaded += page.data.length
      yield { data: page.data, totalcount: total(loaded, index === count) }
    }
  } finally {
    // An error, a page 1 again, or a reader that stopped: the pages under way are of no use.
    stop.abort()
  }
}

/** A whole list: all its pages joined; `totalcount` exceeds it only if the service would not page. */
export async function apiRequestAll<P extends ListPath, T>(
  path: P,
  body: RequestBody<P>,
  schema: z.core.$ZodType<ListAnswer<T>>,
  options: RequestOptions = {},
): Promise<WholeList<T>> {
  let data: T[] = []
  let totalcount = 0
  for await (const page of listPages(path, body, schema, options)) {
    data = data.concat(page.data)
    totalcount = page.totalcount
  }
  return { data, totalcount: Math.max(totalcount, data.length) }
}

/** How many pages to read: `pagecount`, but no more than `totalcount` items can fill. */
function pagesToRead(first: ListAnswer<unknown>): number {
  const pagecount = first.pagecount ?? 1
  if (pagecount <= 1 || first.data.length === 0) return 1
  if (first.totalcount === undefined) return pagecount
  return Math.min(pagecount, Math.ceil(first.totalcount / first.data.length))
}

/** Whether the answer is the page asked for, not page 1 again. */
function isPage<T>(page: ListAnswer<T>, index: number, first: ListAnswer<T>): boolean {
  if (page.pageindex !== undefined) return page.pageindex === index
  // Without a pageindex in the answer: the first item of page 1 again means page 1 again.
  return page.data.length > 0 && JSON.stringify(page.data[0]) !== JSON.stringify(first.data[0])
}

/**
 * The query function of a list shown as its pages arrive (TanStack Query's `streamedQuery`): the
 * query has data once page 1 is there (its first screen at once, however long the list: at
 * 50,000 devices in pages of 500, all of it took 6.4 s to arrive) and stays fetching until the
 * last page has joined it. The service's count is kept beside the list (`useListProgress`).
 * Read again, a whole list stays as it is until the new one is whole. A list whose pages stopped
 * before the last (a page failed, or its screen was left meanwhile) goes on from the page that
 * did not arrive, beside what had: read again, it is not asked for from page 1. Left
 * meanwhile, it is marked to be read again, so the screen shown again goes on with it rather
 * than taking the part for the whole.
 */
export function streamedList<P extends ListPath, T>(
  path: P,
  body: RequestBody<P>,
  schema: z.core.$ZodType<ListAnswer<T>>,
): QueryFunction<T[]> {
  const pages = (resume: boolean) =>
    async function* ({ signal, client, queryKey }: Parameters<QueryFunction<T[]>>[0]) {
      const had = resume ? (client.getQueryData<T[]>(queryKey)?.length ?? 0) : 0
      // Once a page has come and until the last has, the list has a page to go on from; none is
      // kept before (src/main.tsx draws the page anew once anything in the cache is answered).
      let page = (resume && client.getQueryData<number>(nextKey(queryKey))) || 1
      let ended = false
      try {
        for await (const arrived of listPages(path, body, schema, { signal }, { page, had })) {
          client.setQueryData(totalKey(queryKey), arrived.totalcount)
          client.setQueryData(nextKey(queryKey), ++page)
          yield arrived
        }
        ended = true
        client.setQueryData(nextKey(queryKey), 0)
      } finally {
        if (!ended && signal.aborted) {
          void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' })
          // The next screen may read the same list (users' counts, then all devices): its
          // observer came as the last went, and joined the pages being dropped. Once they are,
          // it goes on with them; a read already under way is joined, not cancelled.
          setTimeout(() => {
            void client.refetchQueries(
              { queryKey, exact: true, type: 'active' },
              { cancelRefetch: false },
            )
          })
        }
      }
    }
  const options = { reducer: (items: T[], page: ListPage<T>) => items.concat(page.data) }
  const whole = streamedQuery<ListPage<T>, T[]>({
    streamFn: pages(false),
    ...options,
    initialValue: [],
    refetchMode: 'replace',
  })
  const rest = streamedQuery<ListPage<T>, T[]>({
    streamFn: pages(true),
    ...options,
    initialValue: [],
    refetchMode: 'append',
  })
  return (context) => (canGoOn(context.client, context.queryKey) ? rest : whole)(context)
}

/** The page a list whose pages stopped short would go on from (0: none, it ended). */
const nextKey = (listKey: QueryKey) => ['listNext', ...listKey]

/** Whether a list holds part of itself only because its pages stopped before the last. */
function canGoOn(client: QueryClient, listKey: QueryKey): boolean {
  return (client.getQueryData<number>(nextKey(listKey)) ?? 0) > 1 && isPartList(client, listKey)
}

/** How far a list has arrived. */
export interface ListProgress {
  loaded: number
  /** The service's count of the whole list. */
  total: number
  /** Pages are still arriving: searches and counts are of what is here so far. */
  arriving: boolean
  /** Items the service counted but did not send (it ignored `pageindex`), once it is done. */
  missing: number
}

export function listProgress(loaded: number, total: number, fetching: boolean): ListProgress {
  return {
    loaded,
    total: Math.max(total, loaded),
    arriving: fetching && loaded < total,
    missing: fetching ? 0 : Math.max(0, total - loaded),
  }
}

/**
 * The count of the whole list, kept beside the list's own query by `streamedList` and
 * `keepShortfall`, read by the screen that shows the list, so it can say how much has arrived or
 * that the list is not whole. Cleared with the rest of the cache when the session ends.
 */
const totalKey = (listKey: QueryKey) => ['listTotal', ...listKey]

export function keepShortfall(client: QueryClient, listKey: QueryKey, list: WholeList<unknown>) {
  client.setQueryData(totalKey(listKey), list.totalcount)
}

/**
 * Whether the list's own query is fetching. Looked up by its hash, and read again only for events
 * of that query: `useIsFetching` with a key would match every query of the cache against it at
 * every event of any query, and a long list's icons, each a query, make those events thousands
 * (each keystroke in a search that brings new cards into view starts their icons).
 */
function useListFetching(client: QueryClient, listKey: QueryKey): boolean {
  const cache = client.getQueryCache()
  const hash = hashKey(listKey)
  const subscribe = useCallback(
    (changed: () => void) =>
      cache.subscribe(
        notifyManager.batchCalls((event) => {
          if (event.query.queryHash === hash) changed()
        }),
      ),
    [cache, hash],
  )
  const fetching = () => cache.get(hash)?.state.fetchStatus === 'fetching'
  return useSyncExternalStore(subscribe, fetching, fetching)
}

/**
 * Read when the list renders: the count is kept before the page it came with. The end of the
 * fetching renders it too: the pages may end with nothing new (page 1 again), and nothing else
 * would say then what the service did not send.
 */
export function useListProgress(listKey: QueryKey): ListProgress {
  const client = useQueryClient()
  const fetching = useListFetching(client, listKey)
  return listProgress(
    client.getQueryData<unknown[]>(listKey)?.length ?? 0,
    client.getQueryData<number>(totalKey(listKey)) ?? 0,
    fetching,
  )
}

/** Whether a list's query holds part of the list only: its pages had not all arrived. */
export function isPartList(client: QueryClient, listKey: QueryKey): boolean {
  const data = client.getQueryData<unknown>(listKey)
  const total = client.getQueryData<number>(totalKey(listKey))
  return Array.isArray(data) && total !== undefined && data.length < total
}

/** How many items of a whole list the service counted but did not send. */
export function useShortfall(listKey: QueryKey): number {
  return useListProgress(listKey).missing
}
