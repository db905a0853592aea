import { useEffect, useLayoutEffect, useRef } from 'react'

/** Where an element is in the page, whatever the scroll. */
function topInPage(element: Element): number {
  return element.getBoundingClientRect().top + window.scrollY
}

/**
 * Keeps the focused control in view while the page changes above it: news and states that arrive
 * after the user acted (a command's pending state) would push it out of view, and the browser's
 * own scroll anchoring does not act at the top of a page. It acts only when the control moved and
 * was in view before: a control the user scrolled away from stays where it is.
 */
export function useFocusInView(): void {
  const last = useRef<{ element: Element; top: number } | null>(null)
  useEffect(() => {
    const note = (event: FocusEvent) => {
      if (event.target instanceof Element) {
        last.current = { element: event.target, top: topInPage(event.target) }
      }
    }
    document.addEventListener('focusin', note)
    return () => document.removeEventListener('focusin', note)
  }, [])
  useLayoutEffect(() => {
    const element = document.activeElement
    const before = last.current
    if (!(element instanceof HTMLElement) || before?.element !== element) return
    const top = topInPage(element)
    if (top === before.top) return
    last.current = { element, top }
    const { height } = element.getBoundingClientRect()
    const inView = (at: number) =>
      at >= window.scrollY && at + height <= window.scrollY + window.innerHeight
    if (inView(before.top) && !inView(top)) element.scrollIntoView({ block: 'nearest' })
  })
}
