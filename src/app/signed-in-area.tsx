import { currentUserQuery } from '../lib/api/queries/user'
import { AppLayout } from './app-layout'
import { queryClient } from './query-client'
import { QueryProvider } from './query-provider'
// A draft kept for after an expiry goes when the user signs out on purpose.
import '../lib/draft'

/**
 * The signed-in frame with its server state, loaded with the first signed-in screen (never by
 * the sign-in page): the header and navigation, and TanStack Query for everything inside.
 */
/** The frame's header names the user: asked for while the portal starts, beside the screen's. */
export function preload() {
  return queryClient.prefetchQuery(currentUserQuery())
}

export function Component() {
  return (
    <QueryProvider>
      <AppLayout />
    </QueryProvider>
  )
}
