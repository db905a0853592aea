import type { ReactNode } from 'react'
import { currentUserQuery } from '@/entities/user/queries'
import { AppLayout } from './app-layout'
import { QueryProvider } from './query-provider'
import { revalidateOnChangeOf } from './revalidate'
import { startQuery } from './start-queries'
// A draft kept for after an expiry goes when the user signs out on purpose.
import '@/entities/user/draft'

/** Its loader reads nothing of the address: a screen's fields writing it do not run it again. */
export const shouldRevalidate = revalidateOnChangeOf()

/** The frame's header names the user: asked for beside the screen's own data. */
export function loader() {
  startQuery(currentUserQuery())
  return null
}

/**
 * The signed-in frame with its server state, loaded with the first signed-in screen (never by
 * the sign-in page): the header and navigation, and TanStack Query for everything inside.
 */
export function Component({ children }: { children?: ReactNode }) {
  return (
    <QueryProvider>
      <AppLayout>{children}</AppLayout>
    </QueryProvider>
  )
}
