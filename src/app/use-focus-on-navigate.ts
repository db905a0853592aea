import { useEffect } from 'react'
import { useLocation } from 'react-router'

/**
 * Whether the document has shown its first page. Kept outside the layouts: signing in or out
 * swaps the public and the signed-in layout, and the new one must still move focus.
 */
let shownFirstPage = false

/**
 * After a client-side navigation, focus moves to the new page's main landmark so keyboard and
 * screen-reader users start at the top of the new content, as after a full page load. This
 * includes the change of layout at sign-in and sign-out, where focus would otherwise fall back
 * to the body. The document's first page is left alone: the browser starts at its top.
 */
export function useFocusOnNavigate() {
  const { pathname } = useLocation()
  useEffect(() => {
    if (!shownFirstPage) {
      shownFirstPage = true
      return
    }
    document.getElementById('main')?.focus({ preventScroll: false })
  }, [pathname])
}
