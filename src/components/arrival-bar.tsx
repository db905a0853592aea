import type { ListProgress } from '@/lib/api/all-pages'

/** How much of a long list has arrived, beside its announced count (which says it in words). */
export function ArrivalBar({ progress }: { progress: ListProgress }) {
  if (!progress.arriving) return null
  return (
    <progress
      className="list-progress"
      max={progress.total}
      value={progress.loaded}
      aria-hidden="true"
    />
  )
}
