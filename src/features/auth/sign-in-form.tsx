import { useRef, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from '../../components/alert'
import { Button } from '../../components/button'
import { Field, PasswordField } from '../../components/field'
import { isApiError } from '../../lib/api/api-error'
import { ERROR_CODES } from '../../lib/api/error-codes'
import { useErrorMessage } from '../../lib/api/error-message'
import { useFieldErrors } from '../../lib/form'
import { paths } from '../../lib/paths'
import { useSignIn } from './api'
import { SIGN_IN_FIELDS, SIGN_IN_MESSAGES, signInSchema, type SignInValues } from './sign-in-schema'

/** On the sign-in page a refusal without a code can only mean wrong credentials. */
function isWrongCredentials(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.code === ERROR_CODES.wrongCredentials || (error.kind === 'unauthorized' && !error.code))
  )
}

export function SignInForm({
  values,
  onChange,
  onSignedIn,
}: {
  values: SignInValues
  onChange: (values: SignInValues) => void
  onSignedIn: () => void
}) {
  const { t } = useTranslation('auth')
  const { t: tErrors } = useTranslation('errors')
  const errorText = useErrorMessage()
  const signIn = useSignIn()
  const { errors, validate, follow } = useFieldErrors(
    signInSchema,
    SIGN_IN_FIELDS,
    SIGN_IN_MESSAGES,
  )
  const formRef = useRef<HTMLFormElement>(null)

  function change(next: SignInValues) {
    onChange(next)
    follow(next)
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (signIn.isPending) return
    const credentials = validate(values, formRef.current)
    if (!credentials) {
      signIn.reset()
      return
    }
    signIn.mutate(credentials, {
      onSuccess: onSignedIn,
      onError: (error) => {
        // The e-mail address stays; the password is selected, ready to be typed again.
        const password = formRef.current?.elements.namedItem('password')
        if (isWrongCredentials(error) && password instanceof HTMLInputElement) password.select()
      },
    })
  }

  const failure = signIn.error
  return (
    <form ref={formRef} className="form" noValidate onSubmit={submit}>
      {failure && (
        <Alert tone="error">
          <p>
            {isWrongCredentials(failure) ? tErrors('code.wrongCredentials') : errorText(failure)}
          </p>
        </Alert>
      )}
      <Field
        label={t('login.email')}
        name="email"
        type="email"
        inputMode="email"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={values.email}
        error={errors.email && t(errors.email)}
        onChange={(event) => change({ ...values, email: event.target.value })}
      />
      <PasswordField
        label={t('login.password')}
        name="password"
        autoComplete="current-password"
        required
        value={values.password}
        error={errors.password && t(errors.password)}
        onChange={(event) => change({ ...values, password: event.target.value })}
      />
      <Button
        type="submit"
        variant="primary"
        className="sign-in__submit"
        pending={signIn.isPending}
        pendingLabel={t('login.submitting')}
      >
        {t('login.submit')}
      </Button>
      <p className="sign-in__forgot">
        <Link to={paths.forgotPassword()}>{t('login.forgot')}</Link>
      </p>
    </form>
  )
}
