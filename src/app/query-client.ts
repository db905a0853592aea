import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { appKeys } from '@/entities/app/queries'
import { isPartList } from '@/lib/api/all-pages'
import { isApiError, isRefusal, isSessionRefusal } from '@/lib/api/api-error'
import { errorMessage } from '@/lib/api/error-message'
import { onAppListAnswered } from '@/entities/app/app-list-requests'
import { i18n } from '@/lib/i18n'
import { toaster } from '@/lib/toast'

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Only a failed connection is worth another try; the service's own refusals are final, and a
  // read that waited its whole time says so at once rather than after as many waits again.
  return isApiError(error) && error.kind === 'network' && failureCount < 2
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      // A failed first load shows in place of its content; only a failed background refresh
      // of data that is already on screen needs a toast. An ended session has its own page.
      if (query.state.data === undefined) return
      // A list that failed while its pages arrived says so in place, beside what had arrived.
      if (isPartList(queryClient, query.queryKey)) return
      if (isSessionRefusal(error)) return
      // A read the user asked for on a screen that shows its failure where they look.
      if (query.meta?.errorShownInPlace) return
      toaster.show(
        i18n.t('toast.refreshFailed', {
          message: errorMessage(i18n.getFixedT(null, 'errors'), error),
        }),
      )
    },
  }),
  mutationCache: new MutationCache({
    // After every write, the data it changed is read again: once, here, for all mutations.
    onSettled: (_data, error, _variables, _context, mutation) => {
      const meta = mutation.options.meta
      const changed = isRefusal(error) ? [] : (meta?.invalidatesUnlessRefused ?? [])
      for (const queryKey of [...(meta?.invalidates ?? []), ...changed]) {
        void queryClient.invalidateQueries({ queryKey })
      }
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 20_000,
      retry: shouldRetry,
      // Every screen's route loader starts its reads on each visit, so a read that failed is
      // asked again there; a screen that mounts on the failure shows it instead of asking twice.
      retryOnMount: false,
      refetchOnWindowFocus: true,
    },
    // A write is sent when it is confirmed, or fails at once and says so: never held while the
    // browser is offline and sent later by itself (TanStack Query's default), see operating.md.
    mutations: { retry: false, networkMode: 'always' },
  },
})

// A device that sent its app list makes every app status the portal holds worth reading again.
onAppListAnswered(() => void queryClient.invalidateQueries({ queryKey: appKeys.all }))
