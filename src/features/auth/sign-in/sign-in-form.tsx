import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from '@/components/alert'
import { SubmitButton } from '@/components/button'
import { CurrentPasswordField, EmailField } from '@/components/field'
import { ApiError, isApiError } from '@/lib/api/api-error'
import { ERROR_CODES } from '@contract/error-codes'
import { useErrorMessage } from '@/lib/api/error-message'
import { fieldProps, useFieldErrors } from '@/lib/form'
import { paths } from '@/lib/paths'
import { useSingleFlight } from '@/lib/single-flight'
import { loadSubmission, type Submission } from '@/features/auth/api'
import { signInEmailState } from '@/entities/user/typed-email'
import { AdminSignIn } from './admin-sign-in'
import {
  AS_EMPLOYEE,
  SIGN_IN_FIELDS,
  SIGN_IN_MESSAGES,
  type SignInAs,
  type SignInValues,
} from './sign-in-fields'
import { PageForm } from '@/components/page-form'

/** On the sign-in page a refusal without a code can only mean wrong credentials. */
function isWrongCredentials(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.code === ERROR_CODES.wrongCredentials || (error.kind === 'unauthorized' && !error.code))
  )
}

/** The service's answers about the administrator's tenant belong next to the tenant field. */
function isTenantFailure(error: unknown): boolean {
  return (
    isApiError(error) &&
    (error.code === ERROR_CODES.mtcidRequired || error.code === ERROR_CODES.tenantNotAccessible)
  )
}

/**
 * The sign-in form. It sends without TanStack Query (see ./api.ts), so it keeps the promises of
 * a mutation itself: one request at a time, its pending state and its failure.
 */
export function SignInForm({
  values,
  onChange,
  as = AS_EMPLOYEE,
  onAsChange,
  passwordFirst = false,
  passwordNotice,
}: {
  values: SignInValues
  onChange: (values: SignInValues) => void
  /** An employee's or an administrator's sign-in; without `onAsChange` there is no switch. */
  as?: SignInAs
  onAsChange?: (as: SignInAs) => void
  /** The address is given (by the page before): the form opens in the password field. */
  passwordFirst?: boolean
  /** The id of the page's notice the password field is read out with (the password is set). */
  passwordNotice?: string
}) {
  const { t } = useTranslation('auth')
  const { t: tErrors } = useTranslation('errors')
  const errorText = useErrorMessage()
  const { errors, validate, follow } = useFieldErrors(SIGN_IN_FIELDS, SIGN_IN_MESSAGES)
  const formRef = useRef<HTMLFormElement>(null)
  // The schema and the request arrive once the user starts on the form (or, at the latest, on
  // submit); until a submit is answered, another one is ignored.
  const submission = useRef<Submission | null>(null)
  // The schema once it is here (errors follow the user's typing with it).
  const [loaded, setLoaded] = useState<Submission | null>(null)
  const flight = useSingleFlight()
  const [pending, setPending] = useState(false)
  const [failure, setFailure] = useState<ApiError | null>(null)

  async function prepare(): Promise<Submission> {
    submission.current ??= await loadSubmission()
    setLoaded(submission.current)
    return submission.current
  }
  // On a phone this opens the keyboard where the user goes on; the page's move of focus to its
  // main content, after this, leaves a field the page has chosen alone.
  useEffect(() => {
    const password = formRef.current?.elements.namedItem('password')
    if (passwordFirst && password instanceof HTMLInputElement) password.focus()
    // Only as the page opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // A failure here is met again, and shown, on submit.
  const warmUp = () => void prepare().catch(() => undefined)

  function change(next: SignInValues) {
    onChange(next)
    // Errors exist only after a submit, by when the schema is here.
    if (loaded) follow(loaded.signInSchema, next)
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    flight((settled) => void send().finally(settled))
  }

  async function send() {
    try {
      const { signInSchema, requestSignIn } = await prepare()
      const credentials = validate(signInSchema, values, formRef.current)
      setFailure(null)
      if (!credentials) return
      setPending(true)
      // Success needs nothing here: with the session started, the page's guard leads on.
      await requestSignIn(credentials, as)
    } catch (error) {
      // Anything but an answer of the service means the code to send the form did not arrive.
      setFailure(isApiError(error) ? error : new ApiError('network', { cause: error }))
      if (isTenantFailure(error)) {
        const tenant = formRef.current?.elements.namedItem('tenant')
        if (tenant instanceof HTMLInputElement) tenant.focus()
      }
      // The e-mail address stays; the password is selected, ready to be typed again.
      const password = formRef.current?.elements.namedItem('password')
      if (isWrongCredentials(error) && password instanceof HTMLInputElement) {
        password.focus()
        password.select()
      }
    } finally {
      setPending(false)
    }
  }

  const field = (name: (typeof SIGN_IN_FIELDS)[number]) =>
    fieldProps(name, values[name], errors[name] && t(errors[name]), (value) =>
      change({ ...values, [name]: value }),
    )

  return (
    <PageForm ref={formRef} className="form" onSubmit={submit}>
      {failure && !(as.admin && isTenantFailure(failure)) && (
        <Alert tone="error">
          <p>
            {isWrongCredentials(failure) ? tErrors('code.wrongCredentials') : errorText(failure)}
          </p>
        </Alert>
      )}
      <EmailField {...field('email')} label={t('login.email')} onFocus={warmUp} />
      <CurrentPasswordField
        {...field('password')}
        label={t('login.password')}
        onFocus={warmUp}
        aria-describedby={passwordNotice}
      />
      {onAsChange && (
        <AdminSignIn
          value={as}
          onChange={(next) => {
            // An answer to the other kind of account says nothing of this one.
            if (next.admin !== as.admin) setFailure(null)
            onAsChange(next)
          }}
          tenantError={as.admin && isTenantFailure(failure) ? errorText(failure) : null}
          onFocus={warmUp}
        />
      )}
      <SubmitButton
        className="sign-in__submit"
        pending={pending}
        pendingLabel={t('login.submitting')}
      >
        {t('login.submit')}
      </SubmitButton>
      <p className="sign-in__forgot">
        <Link
          to={as.admin ? `${paths.forgotPassword()}?as=admin` : paths.forgotPassword()}
          state={signInEmailState(values.email)}
        >
          {t('login.forgot')}
        </Link>
      </p>
    </PageForm>
  )
}
