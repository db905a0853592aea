import { useTranslation } from 'react-i18next'
import { checkPasswordRules, meetsPasswordRules, PASSWORD_RULES } from './password-rules'

/**
 * The rules as a checklist that ticks off while the user types. It is the field's hint, so the
 * rules are there before typing and a screen reader hears each one with its state.
 */
export function PasswordChecklist({ password }: { password: string }) {
  const { t } = useTranslation('password')
  const met = checkPasswordRules(password)
  return (
    <span className="password-rules">
      {PASSWORD_RULES.map((rule) => (
        <span
          key={rule}
          className={
            met[rule] ? 'password-rules__item password-rules__item--met' : 'password-rules__item'
          }
        >
          <span className="password-rules__icon" aria-hidden="true" />
          {t(`fields.rules.${rule}`)}
          <span className="visually-hidden">
            {met[rule] ? t('fields.rules.met') : t('fields.rules.notMet')}
          </span>
        </span>
      ))}
    </span>
  )
}

/**
 * Says whether the repeated password matches, as soon as the user starts repeating it. It speaks
 * of the repetition only, and never in the colour and tick of "done" while the password itself
 * still breaks a rule: a matching pair of weak passwords is not a finished form.
 */
export function PasswordMatch({
  password,
  repeated,
  hidden = false,
}: {
  password: string
  repeated: string
  /** While the field shows an error, that error says it all. */
  hidden?: boolean
}) {
  const { t } = useTranslation('password')
  const state =
    repeated === '' || hidden
      ? null
      : password !== repeated
        ? 'noMatch'
        : meetsPasswordRules(password)
          ? 'match'
          : 'sameWeak'
  return (
    <p
      className={state ? `password-match password-match--${state}` : 'password-match'}
      aria-live="polite"
    >
      {state && <span className="password-match__icon" aria-hidden="true" />}
      {state === 'match' && t('fields.match')}
      {state === 'sameWeak' && t('fields.sameWeak')}
      {state === 'noMatch' && t('fields.noMatch')}
    </p>
  )
}
