import type { ReactNode } from 'react'

type Tone = 'error' | 'info' | 'success' | 'warning'

/** An inline message. Errors and successes are announced when they appear. */
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
  return (
    <div
      className={['alert', `alert--${tone}`, className].filter(Boolean).join(' ')}
      role={role}
      id={id}
    >
      {title && <p className="alert__title">{title}</p>}
      {children && <div className="alert__body">{children}</div>}
    </div>
  )
}
