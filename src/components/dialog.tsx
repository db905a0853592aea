import { useEffect, useId, useRef, type ReactNode, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './button'

/**
 * A modal dialog on the platform's own <dialog>: showModal() moves focus in, keeps it inside,
 * makes the page behind inert, closes on Escape and returns focus to where it was.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  alert = false,
}: {
  open: boolean
  onClose: () => void
  /** An alert dialog: it interrupts the user about something urgent (a session ending). */
  alert?: boolean
  title: string
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const descriptionId = useId()
  const { t } = useTranslation()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) {
      dialog.close()
      // Focus is back where it was, but what the dialog did may have pushed that out of view
      // (news above the button that opened it).
      if (document.activeElement instanceof HTMLElement) {
        document.activeElement.scrollIntoView({ block: 'nearest' })
      }
    }
  }, [open])

  return (
    <dialog
      ref={ref}
      className="dialog"
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={() => {
        // The close event comes a moment after the dialog closed: when it was opened again in
        // that moment (Escape, then Enter on its button at once), the event is stale.
        if (!ref.current?.open) onClose()
      }}
      onCancel={(event) => {
        event.preventDefault()
        onClose()
      }}
    >
      {open && (
        <div className="dialog__body">
          <div className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {title}
            </h2>
            <button type="button" className="button button--ghost dialog__close" onClick={onClose}>
              <span aria-hidden="true">×</span>
              <span className="visually-hidden">{t('actions.close')}</span>
            </button>
          </div>
          {description && (
            <div id={descriptionId} className="dialog__description">
              {description}
            </div>
          )}
          {children}
          {footer && <div className="dialog__footer">{footer}</div>}
        </div>
      )}
    </dialog>
  )
}

/**
 * The one confirmation for destructive and consequential actions. `children` holds any form
 * fields; `confirmDisabled` keeps the action off until they are valid.
 */
export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  description,
  confirmLabel,
  pending = false,
  destructive = false,
  confirmDisabled = false,
  error,
  formRef,
  children,
}: {
  open: boolean
  onClose: () => void
  onConfirm: () => void
  title: string
  description?: ReactNode
  confirmLabel: string
  pending?: boolean
  destructive?: boolean
  confirmDisabled?: boolean
  error?: ReactNode
  /** The form's engine moves focus to the first field that needs fixing. */
  formRef?: Ref<HTMLFormElement>
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const formId = useId()
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description}>
      <form
        ref={formRef}
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          if (!pending && !confirmDisabled) onConfirm()
        }}
      >
        {children}
        {error}
        <div className="dialog__footer">
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button
            type="submit"
            variant={destructive ? 'danger' : 'primary'}
            pending={pending}
            pendingLabel={t('status.sending')}
            disabled={confirmDisabled}
          >
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
