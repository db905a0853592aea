import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Platform } from './platform'
import { STEPS, type Step, type StepLink } from './wizard-state'

/**
 * Where the user is in the wizard; steps already done are links back to them. Each step is named
 * for the platform chosen: an Android phone is set up by an app, it gets no profile to install.
 * `complete`: the step shown is done too (the new device has arrived).
 */
export function WizardProgress({
  step,
  complete = false,
  platform,
  linkTo,
}: {
  step: Step
  complete?: boolean
  platform: Platform | null
  linkTo: (step: Step) => StepLink
}) {
  const { t } = useTranslation('enrollment')
  const current = STEPS.indexOf(step)
  return (
    <div className="wizard-progress">
      <p className="wizard-progress__count">
        {t('progress.stepOf', { current: current + 1, total: STEPS.length })}
      </p>
      <ol className="wizard-progress__list" aria-label={t('progress.label')}>
        {STEPS.map((name, index) => {
          const state =
            index < current || (complete && index === current)
              ? 'done'
              : index === current
                ? 'current'
                : 'todo'
          const content = (
            <>
              <span className="wizard-progress__number disc" aria-hidden="true">
                {index + 1}
              </span>
              {/* On a phone only the current step is named; the others show their number. */}
              <span
                className={
                  index === current
                    ? 'wizard-progress__label'
                    : 'wizard-progress__label visually-hidden-narrow'
                }
              >
                {t(`progress.${name}`, { context: platform === 'android' ? 'android' : undefined })}
              </span>
              {state === 'done' && (
                <span className="visually-hidden">{` (${t('progress.completed')})`}</span>
              )}
            </>
          )
          return (
            <li
              key={name}
              className={`wizard-progress__item wizard-progress__item--${state}`}
              aria-current={index === current ? 'step' : undefined}
            >
              {index < current ? (
                <Link {...linkTo(name)} className="wizard-progress__link">
                  {content}
                </Link>
              ) : (
                <span className="wizard-progress__link">{content}</span>
              )}
            </li>
          )
        })}
      </ol>
    </div>
  )
}
