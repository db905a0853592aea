import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query'
import type { z } from '@contract/zod'
import { apiRequest, type RequestOptions } from './client'
import type { RequestBody } from '@contract/requests'

/** The list endpoints: their answers carry pageindex, pagecount and totalcount. */
export type ListPath = 'device/list' | 'app/list' | 'user/list'

interface ListAnswer<T> {
  data: T[]
  pageindex?: number | undefined
  pagecount?: number | undefined
  totalcount?: number | undefined
}

export interface WholeList<T> {
  data: T[]
  /** The service's count of all items; more than `data.length` only if it ignored `pageindex`. */
  totalcount: number
}

/** Pages asked for at once after the first: quick, without flooding the service. */
export const PAGES_AT_ONCE = 3

/**
 * A whole list, however the service pages it (docs/operating.md, Paging). Page 1 first; if `pagecount`
 * says there are more, the others with the same request plus `pageindex`, a few at a time, each
 * parsed with the same schema, joined in order. A failing page fails the whole list (the others
 * are cancelled): a part is never shown as the whole. A service that answers another page than
 * the one asked for (it ignores `pageindex`) is not asked again: the list is page 1, without
 * duplicates, and `totalcount` says how many there are.
 */
export async function apiRequestAll<P extends ListPath, T>(
  path: P,
  body: RequestBody<P>,
  schema: z.core.$ZodType<ListAnswer<T>>,
  options: RequestOptions = {},
): Promise<WholeList<T>> {
  const first = await apiRequest(path, body, schema, options)
  const total = first.totalcount ?? first.data.length
  const count = pagesToRead(first)
  if (count <= 1) return { data: first.data, totalcount: Math.max(total, first.data.length) }

  const stop = new AbortController()
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal
  const pages: T[][] = [first.data]
  let ignored = false
  let next = 2
  const worker = async () => {
    while (next <= count && !ignored && !signal.aborted) {
      const index = next++
      let page: ListAnswer<T>
      try {
        page = await apiRequest(path, { ...body, pageindex: index }, schema, {
          ...options,
          signal,
        })
      } catch (error) {
        // The other pages are of no use now: cancel those under way, ask for no more.
        stop.abort()
        throw error
      }
      if (!isPage(page, index, first)) {
        ignored = true
        return
      }
      pages[index - 1] = page.data
    }
  }
  await Promise.all(Array.from({ length: Math.min(PAGES_AT_ONCE, count - 1) }, worker))
  const data = ignored ? first.data : pages.flat()
  return { data, totalcount: Math.max(total, data.length) }
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
 * How many items of a list the service counted but did not send (it ignored `pageindex`): kept
 * beside the list's own query by `keepShortfall`, read by the screen that shows the list, so it
 * can say that the list is not whole. Cleared with the rest of the cache when the session ends.
 */
const shortfallKey = (listKey: QueryKey) => ['listShortfall', ...listKey]

export function keepShortfall(client: QueryClient, listKey: QueryKey, list: WholeList<unknown>) {
  client.setQueryData(shortfallKey(listKey), Math.max(0, list.totalcount - list.data.length))
}

/** Read when the list's answer renders: `keepShortfall` runs before its query settles. */
export function useShortfall(listKey: QueryKey): number {
  return useQueryClient().getQueryData<number>(shortfallKey(listKey)) ?? 0
}
