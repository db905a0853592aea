import { useEffect, useState, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { toaster, useToasts, type Toast } from '@/lib/toast'

export const TOAST_MS = 8000

function subscribeVisibility(onChange: () => void) {
  document.addEventListener('visibilitychange', onChange)
  return () => document.removeEventListener('visibilitychange', onChange)
}

/** Whether the page is in view: a toast does not run out in a tab nobody looks at. */
function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState === 'visible',
    () => true,
  )
}

/**
 * A toast goes by itself after TOAST_MS, but not while the pointer rests on it, focus is in it
 * or the page is out of view (WCAG 2.2.1, a time limit the user can stop): its time starts over
 * once it is let go.
 */
function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation()
  const visible = usePageVisible()
  const [pointed, setPointed] = useState(false)
  const [focused, setFocused] = useState(false)
  const held = pointed || focused || !visible
  useEffect(() => {
    if (held) return
    const timer = setTimeout(() => toaster.dismiss(toast.id), TOAST_MS)
    return () => clearTimeout(timer)
  }, [toast.id, held])
  return (
    // The handlers only follow where pointer and focus are, to hold the toast: nothing is done
    // on them, and its one control is its button.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <li
      className="toast"
      onPointerEnter={() => setPointed(true)}
      onPointerLeave={() => setPointed(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      {/* Heard from the live region (and with the button), not a second time from here. */}
      <span aria-hidden="true">{toast.message}</span>
      <button
        type="button"
        className="button button--ghost"
        aria-describedby={messageId(toast)}
        onClick={() => toaster.dismiss(toast.id)}
      >
        {t('actions.dismiss')}
      </button>
    </li>
  )
}

const messageId = (toast: Toast) => `toast-message-${toast.id}`

/**
 * The toasts, in a region of their own. What they say is spoken from a live region that is always
 * there and holds their messages alone, one paragraph each (a new one is heard by itself, one
 * that goes is not): were the toasts in it, each would be read out with its button, "Could not
 * refresh the devices. Dismiss". Each toast shows its message and its "Dismiss", described by
 * the message it dismisses.
 */
export function Toaster() {
  const { t } = useTranslation()
  const toasts = useToasts()
  return (
    <section className="toaster" aria-label={t('toast.region')}>
      <div className="visually-hidden" role="status">
        {toasts.map((toast) => (
          <p key={toast.id} id={messageId(toast)}>
            {toast.message}
          </p>
        ))}
      </div>
      <ul className="toaster__list">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} />
        ))}
      </ul>
    </section>
  )
}
