import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/button'

/** A button of a card that is not the card's own: a further command sent from it. */
export interface FurtherButton {
  label: string
  pending: boolean
  /** Pending, and not answered for over an hour: said so, without a spinner. */
  unanswered?: boolean
  onOpen: () => void
}

function CardButton({
  label,
  pending,
  unanswered = false,
  danger = false,
  onOpen,
  onIntent,
}: FurtherButton & { danger?: boolean; onIntent?: () => void }) {
  const { t } = useTranslation('devices')
  const id = useId()
  return (
    <>
      <Button
        variant={danger ? 'danger' : 'secondary'}
        pending={pending}
        stalled={unanswered}
        aria-describedby={pending ? `${id}-pending` : undefined}
        onClick={onOpen}
        onPointerEnter={onIntent}
        onFocus={onIntent}
      >
        {label}
      </Button>
      {pending && (
        <p id={`${id}-pending`} className="action-card__pending">
          {t(unanswered ? 'actions.unanswered' : 'actions.waiting')}
        </p>
      )}
    </>
  )
}

/**
 * One action: what it does, and its button (and any further ones). While the device has not
 * answered, a button stays focusable but does nothing, and says why.
 */
export function ActionCard({
  title,
  description,
  buttonLabel,
  pending,
  unanswered = false,
  danger = false,
  onOpen,
  onIntent,
  further = [],
  children,
}: {
  title: string
  description: string
  buttonLabel: string
  pending: boolean
  /** Pending, and not answered for over an hour, as the page's notice says then. */
  unanswered?: boolean
  danger?: boolean
  onOpen: () => void
  /** The user is about to press the button (pointer over it, or focus on it). */
  onIntent?: () => void
  further?: readonly FurtherButton[]
  children?: ReactNode
}) {
  return (
    <li className={danger ? 'card action-card action-card--danger' : 'card action-card'}>
      <h3 className="action-card__title">{title}</h3>
      <p className="action-card__description">{description}</p>
      {children}
      <div className="action-card__footer">
        <CardButton
          label={buttonLabel}
          pending={pending}
          unanswered={unanswered}
          danger={danger}
          onOpen={onOpen}
          onIntent={onIntent}
        />
        {further.map((button) => (
          <CardButton key={button.label} {...button} />
        ))}
      </div>
    </li>
  )
}
