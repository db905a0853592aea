import { useEffect } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/**
 * Whether the document has shown its first page. Kept outside the layouts: signing in or out
 * swaps the public and the signed-in layout, and the new one must still move focus.
 */
let shownFirstPage = false

/**
 * After a client-side navigation, focus moves to the new page's main landmark so keyboard and
 * screen-reader users start at the top of the new content, as after a full page load. This
 * includes the change of layout at sign-in and sign-out, where focus would otherwise fall back
 * to the body. A new page also opens at the top of the document, header and all, as after a full
 * page load, rather than where the last one was scrolled to; going back or forward leaves the
 * scroll to the browser and to the long lists, which put it back themselves. The
 * document's first page is left alone: the browser starts at its top.
 */
export function useFocusOnNavigate() {
  const { pathname } = useLocation()
  const navigationType = useNavigationType()
  useEffect(() => {
    if (!shownFirstPage) {
      shownFirstPage = true
      return
    }
    if (navigationType !== 'POP') window.scrollTo(0, 0)
    document.getElementById('main')?.focus({ preventScroll: true })
    // A new address only: a change of the query (typing in a search, which replaces the entry)
    // must neither move focus out of the field nor scroll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname])
}
