import type { ReactNode } from 'react'
import { useLiveInPlace } from './live'

type Tone = 'error' | 'info' | 'success' | 'warning'

/**
 * An inline message. Errors and successes are announced when they appear: the box is the live
 * region, and its words are let into it a moment after it is in place (see `useLiveInPlace`), so
 * that screen readers which do not speak a region born with its words hear them.
 */
export function Alert({
  tone = 'info',
  title,
  children,
  className,
  id,
  announced = true,
}: {
  tone?: Tone
  title?: string
  children?: ReactNode
  className?: string
  /** For a field that is described by the message. */
  id?: string
  /**
   * False: the box is not itself announced, for a message with a link or button in it, which
   * would be read out with it; a live region inside holds the words alone.
   */
  announced?: boolean
}) {
  const role = !announced
    ? undefined
    : tone === 'error'
      ? 'alert'
      : tone === 'success'
        ? 'status'
        : undefined
  const inPlace = useLiveInPlace()
  const hidden = role && !inPlace ? true : undefined
  return (
    <div
      className={['alert', `alert--${tone}`, className].filter(Boolean).join(' ')}
      role={role}
      id={id}
    >
      {title && (
        <p className="alert__title" aria-hidden={hidden}>
          {title}
        </p>
      )}
      {children && (
        <div className="alert__body" aria-hidden={hidden}>
          {children}
        </div>
      )}
    </div>
  )
}
