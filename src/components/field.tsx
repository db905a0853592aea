import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string
  hint?: ReactNode
  /** An already translated message; it is announced and tied to the input. */
  error?: string | null
}

/** A labelled input with its hint and its error, wired for screen readers. */
export function Field({
  label,
  hint,
  error,
  className,
  'aria-describedby': describedElsewhere,
  ...input
}: FieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [describedElsewhere, hint ? hintId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ')
  return (
    <div
      className={['field', error ? 'field--invalid' : null, className].filter(Boolean).join(' ')}
    >
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <input
        {...input}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  )
}

type PasswordFieldProps = Omit<FieldProps, 'type'> & {
  secret?: 'password' | 'passcode'
  /** The switch's names where several fields share a form: each says which field it shows. */
  reveal?: { show: string; hide: string }
}

/** A password input with a show/hide switch; a device's passcode says "passcode" on it. */
export function PasswordField({ secret = 'password', reveal, ...props }: PasswordFieldProps) {
  const { t } = useTranslation('auth')
  const [visible, setVisible] = useState(false)
  // On the switch a short word: the full name would squeeze the field's label onto two lines at
  // phone width. Its accessible name always names what it shows.
  const labels =
    secret === 'passcode'
      ? {
          show: t('login.showPasscode'),
          hide: t('login.hidePasscode'),
          showShort: t('login.showPasscode'),
          hideShort: t('login.hidePasscode'),
        }
      : {
          show: t('login.showPassword'),
          hide: t('login.hidePassword'),
          showShort: t('login.showPasswordShort'),
          hideShort: t('login.hidePasswordShort'),
        }
  return (
    <div className="password-field">
      <Field {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="button button--ghost password-field__toggle"
        aria-pressed={visible}
        aria-label={visible ? (reveal?.hide ?? labels.hide) : (reveal?.show ?? labels.show)}
        onClick={() => setVisible((value) => !value)}
      >
        {visible ? labels.hideShort : labels.showShort}
      </button>
    </div>
  )
}

/** The password someone signs in with: the browser offers the saved one. */
export function CurrentPasswordField(props: Omit<PasswordFieldProps, 'secret'>) {
  return <PasswordField autoComplete="current-password" required {...props} />
}

/** A password being chosen: the browser may suggest a strong one and saves it. */
export function NewPasswordField(props: Omit<PasswordFieldProps, 'secret'>) {
  return <PasswordField autoComplete="new-password" required {...props} />
}

/** An e-mail address that signs someone in: no capitals, no spelling fixes, saved accounts offered. */
export function EmailField(props: Omit<FieldProps, 'type'>) {
  return (
    <Field
      type="email"
      inputMode="email"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      required
      {...props}
    />
  )
}

/**
 * What is typed to confirm something that cannot be undone (a device's name, a user's e-mail
 * address): compared exactly, so the keyboard corrects and suggests nothing.
 */
export function TypeToConfirmField(props: FieldProps) {
  return (
    <Field
      autoComplete="off"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      required
      {...props}
    />
  )
}
