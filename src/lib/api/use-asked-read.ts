import type { QueryMeta } from '@tanstack/react-query'
import { useCallback, useState } from 'react'
import { flushSync } from 'react-dom'

/**
 * A read the user asks for on a screen that shows what it comes to, its failure included: while
 * it runs, the query's `meta` says so, and the query client's toast leaves that failure to the
 * screen (app/query-client.ts). The reads the query does by itself (its interval, the window's
 * focus) have no place on the screen, so theirs still go to the toast.
 *
 *   const asked = useAskedRead()
 *   const query = useQuery({ ...options, meta: asked.meta })
 *   asked.run(query.refetch)
 */
export function useAskedRead() {
  const [running, setRunning] = useState(false)
  const run = useCallback(async <T>(read: () => Promise<T>): Promise<T> => {
    // A query takes its options as the page renders and commits (a sync render commits at once,
    // effects included): the read starts only once its meta says the screen shows its failure.
    flushSync(() => setRunning(true))
    try {
      return await read()
    } finally {
      setRunning(false)
    }
  }, [])
  const meta: QueryMeta | undefined = running ? { errorShownInPlace: true } : undefined
  return { meta, run }
}
