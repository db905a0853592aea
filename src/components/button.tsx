import type { ButtonHTMLAttributes, Ref } from 'react'

type Variant = 'primary' | 'secondary' | 'danger' | 'ghost'

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Passed on to the <button> (React 19: a ref is a prop), e.g. to move the focus there. */
  ref?: Ref<HTMLButtonElement>
  variant?: Variant
  /** While pending the button stays focusable, says so to screen readers and cannot be pressed again. */
  pending?: boolean
  pendingLabel?: string
  /**
   * Pending, but not about to end (a device that has not answered for an hour): still not
   * pressed again, without the spinner and busy state that say an answer is coming.
   */
  stalled?: boolean
}

export function Button({
  variant = 'secondary',
  pending = false,
  pendingLabel,
  stalled = false,
  className,
  children,
  disabled,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={['button', `button--${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled}
      aria-disabled={pending || undefined}
      aria-busy={(pending && !stalled) || undefined}
      onClick={(event) => {
        // A pending button swallows further clicks, so a double click never sends twice.
        if (pending) {
          event.preventDefault()
          return
        }
        onClick?.(event)
      }}
    >
      {pending && !stalled && <span className="spinner" aria-hidden="true" />}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  )
}

/** The button that sends its form: the primary one, with its own label while sending. */
export function SubmitButton(props: Omit<ButtonProps, 'type' | 'variant'>) {
  return <Button {...props} type="submit" variant="primary" />
}
