import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigation } from 'react-router'

/** A navigation quicker than this shows nothing: the old page does not flash away. */
const PENDING_DELAY_MS = 150

/**
 * Whether a navigation has been under way for a moment: the next page's code (a lazy route) or
 * data is still on its way. Per navigation, so each one waits its own moment.
 */
export function usePendingNavigation(): boolean {
  const navigation = useNavigation()
  const key = navigation.state === 'idle' ? null : (navigation.location?.key ?? null)
  const [shownFor, setShownFor] = useState<string | null>(null)
  useEffect(() => {
    if (key === null) return
    const timer = setTimeout(() => setShownFor(key), PENDING_DELAY_MS)
    return () => clearTimeout(timer)
  }, [key])
  return key !== null && shownFor === key
}

/**
 * A slim bar at the top of the window while the next page loads, so a tap is seen to be taken
 * (nobody taps again or types into the page that is about to go), and the same said politely to
 * screen readers. The page being left stays as it is; its main region is marked busy.
 */
export function NavigationProgress({ pending }: { pending: boolean }) {
  const { t } = useTranslation()
  return (
    <>
      <div className="navigation-progress" hidden={!pending} aria-hidden="true" />
      {/* A live region without the status role: the page's own statuses stay the only ones. */}
      <p className="visually-hidden" aria-live="polite">
        {pending ? t('status.loadingPage') : ''}
      </p>
    </>
  )
}
