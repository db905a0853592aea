import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query'
import { useEffect, useRef, useState, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Button } from '@/components/button'
import { useErrorMessage } from '@/lib/api/error-message'
import type { Activity } from './schemas'

interface ActivityPage {
  activity: Activity[]
  more: boolean
}

/**
 * "Show older records" below a search's list while the server says older ones match: the next
 * 500 come under those shown (asked once however often it is pressed), or the failure beside
 * the button, kept for another try.
 *
 * The keyboard goes to the first record that came: the button moves down past them, and a
 * screen reader left on it would be at their end, with only the count's words of what came.
 * From the first of them, reading on goes through what came in order, and Tab leads down to
 * the button again. When none came that the viewer may see, the keyboard stays on the button,
 * or, once it is gone, goes to the last record.
 */
export function OlderRecords({
  query,
  listRef,
}: {
  query: UseInfiniteQueryResult<InfiniteData<ActivityPage>>
  listRef: RefObject<HTMLOListElement | null>
}) {
  const { t } = useTranslation('records')
  const errorText = useErrorMessage()
  const pages = query.data?.pages.length ?? 0
  // Where the keyboard goes once that many pages are shown: the first record after those shown.
  const [focus, setFocus] = useState<{ pages: number; at: number } | null>(null)
  const moved = useRef<typeof focus>(null)
  useEffect(() => {
    const list = listRef.current
    if (!focus || pages < focus.pages || moved.current === focus) return
    moved.current = focus
    const first = list?.children.item(focus.at)
    if (first instanceof HTMLElement) first.focus()
    else if (!query.hasNextPage && list?.lastElementChild instanceof HTMLElement) {
      list.lastElementChild.focus()
    }
  }, [focus, pages, listRef, query.hasNextPage])
  if (!query.hasNextPage) return null
  const showOlder = () => {
    const at = listRef.current?.children.length ?? 0
    // Not asked again while on its way (`cancelRefetch: false`), however often it is pressed.
    void query.fetchNextPage({ cancelRefetch: false }).then((result) => {
      if (!result.isFetchNextPageError) setFocus({ pages: pages + 1, at })
    })
  }
  return (
    <div className="activity-older">
      <Button variant="secondary" pending={query.isFetchingNextPage} onClick={showOlder}>
        {t('search.older')}
      </Button>
      {query.isFetchNextPageError && !query.isFetchingNextPage && (
        <Alert tone="error">{t('search.olderFailed', { message: errorText(query.error) })}</Alert>
      )}
    </div>
  )
}
