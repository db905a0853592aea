import { useEffect, useState, type RefObject } from 'react'

/**
 * True once the element has come near the viewport, and from then on. A long list thus fetches
 * only the icons someone scrolls to. Without IntersectionObserver everything counts as in view,
 * and so does an element its list renders only near the view anyway (`near`).
 */
export function useInView(
  ref: RefObject<Element | null>,
  { rootMargin = '200px', near = false }: { rootMargin?: string; near?: boolean } = {},
): boolean {
  const [inView, setInView] = useState(() => near || typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const element = ref.current
    if (inView || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setInView(true)
      },
      { rootMargin },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref, rootMargin, inView])
  return inView
}
