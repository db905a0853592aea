import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { i18n } from '@/lib/i18n'
import { session } from '@/lib/session'
import { queryClient } from './query-client'
import { RetryReadsContext } from './retry-reads'

/** The failed reads, asked for again (the error screen's retry). */
function retryFailedReads() {
  void queryClient.resetQueries({ predicate: (query) => query.state.status === 'error' })
}

/**
 * Server state for the screens that read it: the signed-in area, and the password pages. The
 * sign-in page has none, so TanStack Query is not part of the first page anyone sees.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    // An ended session leaves nothing behind: the next user of this tab starts from nothing.
    const stopEnd = session.onEnd(() => queryClient.clear())
    // Text made by the service (messages, free storage) follows the language: re-read what is shown.
    const onLanguage = () => void queryClient.invalidateQueries({ type: 'active' })
    i18n.on('languageChanged', onLanguage)
    return () => {
      stopEnd()
      i18n.off('languageChanged', onLanguage)
    }
  }, [])

  return (
    <QueryClientProvider client={queryClient}>
      <RetryReadsContext value={retryFailedReads}>{children}</RetryReadsContext>
    </QueryClientProvider>
  )
}
