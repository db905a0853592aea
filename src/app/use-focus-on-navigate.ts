import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'

/**
 * After a client-side navigation, focus moves to the new page's main landmark so keyboard and
 * screen-reader users start at the top of the new content, as after a full page load.
 */
export function useFocusOnNavigate() {
  const { pathname } = useLocation()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    document.getElementById('main')?.focus({ preventScroll: false })
  }, [pathname])
}
