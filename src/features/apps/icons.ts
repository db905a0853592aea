import { queryOptions, useQuery, type QueryCache, type QueryClient } from '@tanstack/react-query'
import { isApiError } from '@/lib/api/api-error'
import { apiFile } from '@/lib/api/client'
import { ERROR_CODES } from '@contract/error-codes'

/**
 * App icons are fetched with the session like every other request (a token never appears in an
 * image address) and shown through object URLs. Each URL belongs to one cached query and is
 * revoked when that query leaves the cache (garbage collection, or the cache cleared at sign-out),
 * so icons neither leak nor vanish while still shown.
 */

const ICON_ROOT = 'appIcon'
const ICON_GC_MS = 60 * 60_000

const appIconKeys = {
  all: [ICON_ROOT] as const,
  icon: (appId: string) => [ICON_ROOT, appId] as const,
}

/** The object URL each cached icon query holds, by app id. */
const urls = new Map<string, string>()
const watchedCaches = new WeakSet<QueryCache>()

function adopt(appId: string, url: string) {
  const previous = urls.get(appId)
  if (previous && previous !== url) URL.revokeObjectURL(previous)
  urls.set(appId, url)
}

function release(appId: string) {
  const url = urls.get(appId)
  if (url) URL.revokeObjectURL(url)
  urls.delete(appId)
}

/** Revokes an icon's URL when its query is removed; done once per cache. */
function watchIconCache(client: QueryClient) {
  const cache = client.getQueryCache()
  if (watchedCaches.has(cache)) return
  watchedCaches.add(cache)
  cache.subscribe((event) => {
    if (event.type !== 'removed') return
    const [root, appId] = event.query.queryKey
    if (root === ICON_ROOT && typeof appId === 'string') release(appId)
  })
}

const MISSING: ReadonlySet<string | null> = new Set([
  ERROR_CODES.appImageNotFound,
  ERROR_CODES.appNotFound,
])

function isMissing(code: string | null | undefined): boolean {
  return code != null && MISSING.has(code)
}

let nextFrame: Promise<void> | null = null

/**
 * Settles once the browser has painted the frame it is working on. A long list's first cards
 * ask for their icons as they mount; starting a dozen requests costs the main thread enough to
 * hold up the paint of the cards themselves, so the requests wait for it. A hidden page paints
 * nothing: there they go at once.
 */
function afterPaint(): Promise<void> {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
    return Promise.resolve()
  }
  nextFrame ??= new Promise((resolve) =>
    requestAnimationFrame(() => {
      nextFrame = null
      setTimeout(resolve, 0)
    }),
  )
  return nextFrame
}

export function appIconQuery(appId: string) {
  return queryOptions({
    queryKey: appIconKeys.icon(appId),
    queryFn: async ({ signal, client }): Promise<string | null> => {
      watchIconCache(client)
      await afterPaint()
      if (signal.aborted) return null
      try {
        const file = await apiFile('app/image', { id: appId }, { signal, outcomeInEnvelope: true })
        // A query removed while its icon was on the way would never revoke a URL made now.
        if (signal.aborted || file.blob.size === 0) return null
        const url = URL.createObjectURL(file.blob)
        adopt(appId, url)
        return url
      } catch (error) {
        // An app without an image is no failure: it gets the placeholder, for good. The answer
        // comes as HTTP 200 with the refusal in the envelope, so the console stays clean.
        if (isApiError(error) && (error.kind === 'notFound' || isMissing(error.code))) return null
        throw error
      }
    },
    // An icon does not change while the portal is open; keep it for an hour after last use.
    staleTime: Infinity,
    gcTime: ICON_GC_MS,
    retry: false,
    refetchOnWindowFocus: false,
  })
}

/** The object URL of an app's icon, or null while it loads, when it has none or failed. */
export function useAppIcon(appId: string, enabled = true): string | null {
  const { data } = useQuery({ ...appIconQuery(appId), enabled })
  return data ?? null
}
