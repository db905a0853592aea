import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router'
import { Alert } from '@/components/alert'
import { Button, SubmitButton } from '@/components/button'
import { EmailField } from '@/components/field'
import { Screen } from '@/components/screen'
import { useErrorMessage } from '@/lib/api/error-message'
import { useAsAdminParam } from '@/entities/user/as-admin-param'
import { useForm } from '@/lib/use-form'
import { paths } from '@/lib/paths'
import { useForgotPassword } from '@/features/password/api'
import { FORGOT_FIELDS, forgotPasswordSchema, PASSWORD_MESSAGES } from '@/features/password/schemas'
import '@/features/password/password.css'
import { PageForm } from '@/components/page-form'
import { readSignInEmail, signInEmailState } from '@/entities/user/typed-email'

/**
 * Asks for the e-mail address, and whether it is an administrator's (the sign-in page's switch
 * passes it on as `?as=admin`), and then always gives the same neutral confirmation: the page
 * never tells whether an account exists.
 */
export function ForgotPasswordScreen() {
  const { t } = useTranslation('password')
  const errorText = useErrorMessage()
  const forgot = useForgotPassword()
  // What was typed on the sign-in page comes along, and goes back with the link there.
  const typed = readSignInEmail(useLocation().state)
  const {
    formRef,
    field,
    values,
    submit: check,
  } = useForm({
    schema: forgotPasswordSchema,
    fields: FORGOT_FIELDS,
    messages: PASSWORD_MESSAGES,
    initial: { email: typed },
    describe: (key) => t(key),
  })
  const [sentTo, setSentTo] = useState<string | null>(null)
  const asAdmin = useAsAdminParam()
  const [chosen, setAdmin] = useState<boolean | null>(null)
  const admin = chosen ?? asAdmin
  const adminId = useId()

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    check(
      ({ email }) => forgot.send({ email, admin }, { onSuccess: () => setSentTo(email) }),
      () => forgot.reset(),
    )
  }

  if (sentTo) {
    return (
      <SentConfirmation
        email={sentTo}
        onAgain={() => {
          forgot.reset()
          setSentTo(null)
        }}
      />
    )
  }

  return (
    <div className="card password-page">
      <Screen title={t('forgot.title')} lead={t('forgot.lead')}>
        <PageForm ref={formRef} className="form" onSubmit={submit}>
          {forgot.error && (
            <Alert tone="error">
              <p>{errorText(forgot.error)}</p>
            </Alert>
          )}
          <EmailField {...field('email')} label={t('forgot.email')} />
          <div className="password-page__admin">
            <input
              id={adminId}
              type="checkbox"
              role="switch"
              checked={admin}
              aria-describedby={`${adminId}-hint`}
              onChange={(event) => setAdmin(event.target.checked)}
            />
            <label htmlFor={adminId}>{t('forgot.admin')}</label>
            <p id={`${adminId}-hint`} className="field__hint">
              {t('forgot.adminHint')}
            </p>
          </div>
          <SubmitButton
            className="password-page__submit"
            pending={forgot.isPending}
            pendingLabel={t('forgot.submitting')}
          >
            {t('forgot.submit')}
          </SubmitButton>
          <p className="password-page__back">
            <Link
              to={admin ? `${paths.login()}?as=admin` : paths.login()}
              state={signInEmailState(values.email)}
            >
              {t('backToSignIn')}
            </Link>
          </p>
        </PageForm>
      </Screen>
    </div>
  )
}

function SentConfirmation({ email, onAgain }: { email: string; onAgain: () => void }) {
  const { t } = useTranslation('password')
  const ref = useRef<HTMLDivElement>(null)
  // The form is gone; focus goes to the confirmation so it is read out at once.
  useEffect(() => ref.current?.focus(), [])
  return (
    <div className="card password-page" ref={ref} tabIndex={-1}>
      <Screen title={t('forgot.sent.title')}>
        <p>{t('forgot.sent.body', { email })}</p>
        <p className="password-page__hint">{t('forgot.sent.hint')}</p>
        <div className="button-row">
          <Link className="button button--primary" to={paths.login()}>
            {t('backToSignIn')}
          </Link>
          <Button variant="ghost" onClick={onAgain}>
            {t('forgot.sent.again')}
          </Button>
        </div>
      </Screen>
    </div>
  )
}
