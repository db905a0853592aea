import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/button'

/**
 * One action: what it does, and its button. While the device has not answered, the button
 * stays focusable but does nothing, and says why.
 */
export function ActionCard({
  title,
  description,
  buttonLabel,
  pending,
  danger = false,
  onOpen,
  onIntent,
  children,
}: {
  title: string
  description: string
  buttonLabel: string
  pending: boolean
  danger?: boolean
  onOpen: () => void
  /** The user is about to press the button (pointer over it, or focus on it). */
  onIntent?: () => void
  children?: ReactNode
}) {
  const { t } = useTranslation('devices')
  const id = useId()
  return (
    <li className={danger ? 'card action-card action-card--danger' : 'card action-card'}>
      <h3 className="action-card__title">{title}</h3>
      <p className="action-card__description">{description}</p>
      {children}
      <div className="action-card__footer">
        <Button
          variant={danger ? 'danger' : 'secondary'}
          pending={pending}
          aria-describedby={pending ? `${id}-pending` : undefined}
          onClick={onOpen}
          onPointerEnter={onIntent}
          onFocus={onIntent}
        >
          {buttonLabel}
        </Button>
        {pending && (
          <p id={`${id}-pending`} className="action-card__pending">
            {t('actions.waiting')}
          </p>
        )}
      </div>
    </li>
  )
}
