import { AppLayout } from './app-layout'
import { QueryProvider } from './query-provider'
// A draft kept for after an expiry goes when the user signs out on purpose.
import '../lib/draft'

/**
 * The signed-in frame with its server state, loaded with the first signed-in screen (never by
 * the sign-in page): the header and navigation, and TanStack Query for everything inside.
 */
export function Component() {
  return (
    <QueryProvider>
      <AppLayout />
    </QueryProvider>
  )
}
