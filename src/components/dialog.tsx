import { useEffect, useId, useRef, type ReactNode, type Ref, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './button'

/** What a user fills in: the first of these in a dialog is where its focus starts. */
const FIELDS =
  'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled)'

/**
 * Where the focus starts in an open dialog, after the WAI-ARIA APG's dialog pattern: on its first
 * field (of a group of radio buttons, the one chosen, which is the group's stop for Tab), else on
 * the button the dialog names (`start`), else where the platform puts it (the first control,
 * the close button).
 */
function startOf(dialog: HTMLDialogElement, start: HTMLElement | null | undefined) {
  const field = dialog.querySelector<HTMLElement>(FIELDS)
  if (field instanceof HTMLInputElement && field.type === 'radio') {
    const group = dialog.querySelectorAll<HTMLInputElement>(
      `input[type="radio"][name="${CSS.escape(field.name)}"]`,
    )
    return [...group].find((radio) => radio.checked) ?? field
  }
  if (field) return field
  return start && !start.matches(':disabled') ? start : null
}

/**
 * A modal dialog on the platform's own <dialog>: showModal() moves focus in, keeps it inside,
 * makes the page behind inert, closes on Escape and returns focus to where it was.
 *
 * The focus starts where `startOf` says, by the platform's own means: showModal() focuses the
 * element with the `autofocus` attribute (HTML's dialog focusing steps), so no control is
 * focused on the way, and a screen reader hears only where the user starts. React's `autoFocus`
 * would not do: React renders no attribute for it and calls focus() while the dialog is still
 * closed, which does nothing, so showModal() then chose the close button.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  start,
  alert = false,
}: {
  open: boolean
  onClose: () => void
  /** An alert dialog: it interrupts the user about something urgent (a session ending). */
  alert?: boolean
  /** Where the focus starts when the dialog has no field to fill in. */
  start?: RefObject<HTMLElement | null>
  title: string
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  // The dialog was closed because `open` said so: its close event, a task later, is no news.
  const closedByState = useRef(false)
  const titleId = useId()
  const descriptionId = useId()
  const { t } = useTranslation()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      closedByState.current = false
      startOf(dialog, start?.current)?.setAttribute('autofocus', '')
      dialog.showModal()
    }
    if (!open && dialog.open) {
      closedByState.current = true
      dialog.close()
      // Focus is back where it was, but what the dialog did may have pushed that out of view
      // (news above the button that opened it).
      if (document.activeElement instanceof HTMLElement) {
        document.activeElement.scrollIntoView({ block: 'nearest' })
      }
    }
  }, [open, start])

  return (
    <dialog
      ref={ref}
      className="dialog"
      role={alert ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={() => {
        // The close event comes a task after the dialog closed. One that `open` asked for is
        // already said: taken again, it would undo an opening still being rendered (Escape, then
        // Enter on its button at once, as a transition). One the platform made is news, unless
        // the dialog was opened again meanwhile.
        if (closedByState.current) {
          closedByState.current = false
          return
        }
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
  // Without fields to start on (APG's dialog pattern): what cannot be undone (a wipe, signing out
  // elsewhere, an uninstall) starts on Cancel, the least destructive answer, so a hasty Enter
  // changes nothing; anything else starts on its action, the answer the user opened it for.
  const cancelRef = useRef<HTMLButtonElement>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      start={destructive ? cancelRef : confirmRef}
    >
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
          <Button ref={cancelRef} onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button
            ref={confirmRef}
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
