import { createContext } from 'react'

/**
 * Asks again for the server state that failed to arrive, where a screen has server state (the
 * signed-in area and the password pages provide it, see query-provider.tsx). Kept apart from
 * TanStack Query, so the error screen of the first page carries none of it.
 */
export const RetryReadsContext = createContext<(() => void) | null>(null)
