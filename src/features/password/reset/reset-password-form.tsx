import { useRef, useState, type FormEvent, type ReactElement, type ReactNode } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { SubmitButton } from '@/components/button'
import { Screen } from '@/components/screen'
import { useErrorMessage } from '@/lib/api/error-message'
import { useSession } from '@/lib/session'
import { fieldProps, useFieldErrors } from '@/lib/form'
import { useResetPassword } from '@/features/password/api'
import { InvalidLink } from './invalid-link'
import { NewPasswordFields } from '@/features/password/new-password-fields'
import { PASSWORD_MAX_LENGTH } from '@/features/password/password-rules'
import {
  NEW_PASSWORD_FIELDS,
  newPasswordSchema,
  PASSWORD_MESSAGES,
  type NewPasswordValues,
} from '@/features/password/schemas'
import {
  focusField,
  isDeadLink,
  serverErrorField,
  type PasswordFieldName,
} from '@/features/password/server-field'
import { PageForm } from '@/components/page-form'

export function ResetPasswordForm({
  token,
  join,
  greeting,
  username,
  account,
  onDone,
}: {
  token: string
  join: boolean
  /** The lead under the heading: the user's name once the link's answer is there. */
  greeting: ReactNode
  /** The account's address, when the link names it. */
  username: string | null
  /** The account's address to show (or its place, until it is known), when the link names it. */
  account: ReactElement | null
  onDone: () => void
}) {
  const signedIn = useSession().token !== null
  const { t } = useTranslation('password')
  const errorText = useErrorMessage()
  const reset = useResetPassword()
  const [values, setValues] = useState<NewPasswordValues>({
    newpassword: '',
    confirmnewpassword: '',
  })
  const { errors, validate, follow } = useFieldErrors(NEW_PASSWORD_FIELDS, PASSWORD_MESSAGES)
  const formRef = useRef<HTMLFormElement>(null)

  function change(next: NewPasswordValues) {
    setValues(next)
    follow(newPasswordSchema, next)
    // A refusal of the service stays until the refused field is changed.
    const refused = serverErrorField(reset.error)
    if (refused && refused !== 'oldpassword' && next[refused] !== values[refused]) reset.reset()
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const parsed = validate(newPasswordSchema, values, formRef.current)
    if (!parsed) {
      reset.reset()
      return
    }
    reset.send(
      { token, ...parsed, ...(join ? { join: true } : {}) },
      {
        onSuccess: onDone,
        onError: (error) => focusField(formRef.current, serverErrorField(error)),
      },
    )
  }

  // The link died between opening the page and saving (used in another tab, or expired).
  if (reset.error && isDeadLink(reset.error)) return <InvalidLink replacesForm />

  const refusedField = serverErrorField(reset.error)
  const errorOf = (field: PasswordFieldName) => {
    const key = field === 'oldpassword' ? undefined : errors[field]
    if (key) return t(key, { max: PASSWORD_MAX_LENGTH })
    return refusedField === field ? errorText(reset.error) : null
  }
  const field = (name: keyof NewPasswordValues) =>
    fieldProps(name, values[name], errorOf(name), (value) => change({ ...values, [name]: value }))

  return (
    <Screen title={join ? t('reset.titleJoin') : t('reset.titleReset')} lead={greeting}>
      <p className="password-page__intro">{join ? t('reset.introJoin') : t('reset.introReset')}</p>
      {/* Which account: the greeting has the name alone (all the link's answer gives). */}
      {account && (
        <p className="password-page__account">
          <Trans t={t} i18nKey="reset.account" components={{ email: account }} />
        </p>
      )}
      {signedIn && (
        <Alert>
          <p>{t('reset.signedIn')}</p>
        </Alert>
      )}
      <PageForm ref={formRef} className="form password-form" onSubmit={submit}>
        {reset.error && !refusedField && (
          <Alert tone="error">
            <p>{errorText(reset.error)}</p>
          </Alert>
        )}
        {/* The account the new password is for, for the browser's password manager: saved with
            its address, it is offered at the sign-in that follows. */}
        {username && (
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={username}
            readOnly
            hidden
          />
        )}
        <NewPasswordFields field={field} />
        <SubmitButton
          className="password-page__submit"
          pending={reset.isPending}
          pendingLabel={t('reset.submitting')}
        >
          {join ? t('reset.submitJoin') : t('reset.submitReset')}
        </SubmitButton>
      </PageForm>
    </Screen>
  )
}
