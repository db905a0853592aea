import { useEffect, useState, type ReactNode } from 'react'

/**
 * How long a live region that comes with its news is in place, empty to assistive technology,
 * before the news is let into it. Several screen readers (NVDA with Chrome and Firefox, VoiceOver
 * on iOS) speak a live region's changes only once the region is in their tree: one born with its
 * words is often silent.
 */
export const LIVE_AFTER_MS = 100

/**
 * Whether a live region that has just appeared has been in place long enough for its news to be
 * heard when it is let in. False on the server and the first render, so hydration matches.
 */
export function useLiveInPlace(): boolean {
  const [inPlace, setInPlace] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setInPlace(true), LIVE_AFTER_MS)
    return () => clearTimeout(timer)
  }, [])
  return inPlace
}

/**
 * News in a live region of its own that appears with it (an error under a button, the words of a
 * notice whose buttons sit beside them). The words are seen at once; to assistive technology they
 * come a moment after the region, so they are heard as its change. `alert` is assertive, for
 * failures; `status` polite.
 */
export function LiveNews({
  role,
  as: Tag = 'p',
  className,
  id,
  children,
}: {
  role: 'alert' | 'status'
  as?: 'p' | 'div'
  className?: string
  /** For what the news describes (a field group's error). */
  id?: string
  children: ReactNode
}) {
  const inPlace = useLiveInPlace()
  const Words = Tag === 'p' ? 'span' : 'div'
  return (
    <Tag role={role} className={className} id={id}>
      <Words aria-hidden={inPlace ? undefined : true}>{children}</Words>
    </Tag>
  )
}
