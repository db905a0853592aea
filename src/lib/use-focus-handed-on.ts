import { useLayoutEffect, useRef, type RefObject } from 'react'

/**
 * For an element that may leave the page with the focus in it (a failure whose retry worked, the
 * actions of a device that was wiped meanwhile): the focus goes to `next`, or without it to the
 * nearest landmark around the element that takes focus (the page's main), rather than falling to
 * the document, where a keyboard or screen reader user would start again at its top. A focus that
 * was elsewhere, or has gone elsewhere, stays where it is. It acts as the component that holds the
 * hook unmounts: the element goes with that component, not alone (wrap it in one of its own).
 */
export function useFocusHandedOn<T extends HTMLElement>(next?: RefObject<HTMLElement | null>) {
  const ref = useRef<T>(null)
  useLayoutEffect(() => {
    const element = ref.current
    const landmark = element?.parentElement?.closest<HTMLElement>('[tabindex="-1"]')
    return () => {
      // Runs before the element leaves the document: whether it holds the focus shows here.
      if (!element?.contains(document.activeElement)) return
      // Once the page that replaces it is in the document.
      queueMicrotask(() => {
        const lost = !document.activeElement || document.activeElement === document.body
        // `next` as it is now: what took the element's place.
        // eslint-disable-next-line react-hooks/exhaustive-deps
        const target = next ? next.current : landmark
        if (lost && target?.isConnected) target.focus({ preventScroll: true })
      })
    }
  }, [next])
  return ref
}
