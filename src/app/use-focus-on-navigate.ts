import { useEffect, useRef } from 'react'
import { useLocation, useNavigationType } from 'react-router'

/**
 * Whether the document has shown its first page. Kept outside the layouts: signing in or out
 * swaps the public and the signed-in layout, and the new one must still move focus.
 */
let shownFirstPage = false

/** The link in the page's main content that leads to `path`, if it is drawn. */
function linkTo(main: HTMLElement | null, path: string): HTMLElement | null {
  if (!main) return null
  for (const link of main.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    if (link.pathname === path && !link.hash) return link
  }
  return null
}

/**
 * After a client-side navigation, focus moves to the new page's main landmark so keyboard and
 * screen-reader users start at the top of the new content, as after a full page load. This
 * includes the change of layout at sign-in and sign-out, where focus would otherwise fall back
 * to the body. A new page also opens at the top of the document, header and all, as after a full
 * page load, rather than where the last one was scrolled to; going back or forward leaves the
 * scroll to the browser and to the long lists, which put it back themselves. Going back to a
 * page puts focus on the link that led from it to the page just left (the device card that was
 * opened), as the browser does after a full page load's Back, so the user goes on where they
 * were. An address with a fragment ("Lost?" leads to a device's location) puts focus on its
 * target. The document's first page is left alone: the browser starts at its top. A page that
 * opens with focus in one of its fields keeps it there.
 */
export function useFocusOnNavigate() {
  const { pathname, hash } = useLocation()
  const navigationType = useNavigationType()
  const left = useRef(pathname)
  useEffect(() => {
    const from = left.current
    left.current = pathname
    if (!shownFirstPage) {
      shownFirstPage = true
      return
    }
    const main = document.getElementById('main')
    // The new page has put focus in a field of its own (sign-in after a new password, with the
    // address given, opens in the password field): it stays there.
    const focused = document.activeElement
    if (focused !== main && focused?.matches('input, select, textarea') && main?.contains(focused))
      return
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null
    if (target) {
      target.focus()
      return
    }
    if (navigationType === 'POP') {
      const link = linkTo(main, from)
      if (link) {
        link.focus({ preventScroll: true })
        return
      }
    } else {
      window.scrollTo(0, 0)
    }
    main?.focus({ preventScroll: true })
    // A new address only: a change of the query (typing in a search, which replaces the entry)
    // must neither move focus out of the field nor scroll.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname])
}
