import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { SubmitButton } from '@/components/button'
import { CurrentPasswordField } from '@/components/field'
import { useErrorMessage } from '@/lib/api/error-message'
import { fieldProps, useFieldErrors } from '@/lib/form'
import { useChangePassword } from './api'
import { NewPasswordFields } from './new-password-fields'
import { PASSWORD_MAX_LENGTH } from './password-rules'
import {
  CHANGE_FIELDS,
  changePasswordSchema,
  PASSWORD_MESSAGES,
  type ChangePasswordValues,
} from './schemas'
import { focusField, serverErrorField, type PasswordFieldName } from './server-field'
import './password.css'
import { PageForm } from '@/components/page-form'

const EMPTY: ChangePasswordValues = { oldpassword: '', newpassword: '', confirmnewpassword: '' }

/**
 * Change password on the account page: current, new, repeated; each refusal beside its field.
 * `othersSignedOut`: the portal ends the account's other sessions after a change, and says so.
 */
export function ChangePasswordForm({
  othersSignedOut = false,
  onChanged,
}: {
  othersSignedOut?: boolean
  onChanged?: () => void
}) {
  const { t } = useTranslation('password')
  const errorText = useErrorMessage()
  const change = useChangePassword()
  const [values, setValues] = useState(EMPTY)
  const { errors, validate, follow } = useFieldErrors(CHANGE_FIELDS, PASSWORD_MESSAGES)
  const [changed, setChanged] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const newsRef = useRef<HTMLDivElement>(null)
  const titleId = useId()

  // The form empties on success and the confirmation lands above it: on a phone the button
  // pressed sits a screen below, where nothing else says the password was changed.
  useEffect(() => {
    if (changed) newsRef.current?.scrollIntoView({ block: 'nearest' })
  }, [changed])

  function update(next: ChangePasswordValues) {
    setValues(next)
    follow(changePasswordSchema, next)
    // A refusal of the service stays until the refused field is changed.
    const refused = serverErrorField(change.error)
    if (refused && next[refused] !== values[refused]) change.reset()
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setChanged(false)
    const parsed = validate(changePasswordSchema, values, formRef.current)
    if (!parsed) {
      change.reset()
      return
    }
    change.send(parsed, {
      onSuccess: () => {
        setValues(EMPTY)
        setChanged(true)
        onChanged?.()
      },
      onError: (error) => focusField(formRef.current, serverErrorField(error)),
    })
  }

  const refusedField = serverErrorField(change.error)
  const errorOf = (field: PasswordFieldName) => {
    const key = errors[field]
    if (key) return t(key, { max: PASSWORD_MAX_LENGTH })
    return refusedField === field ? errorText(change.error) : null
  }
  const field = (name: PasswordFieldName) =>
    fieldProps(name, values[name], errorOf(name), (value) => update({ ...values, [name]: value }))

  return (
    <section className="card password-card" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('change.title')}</h2>
      <p className="password-card__lead">{t('change.lead')}</p>
      {/* Only a place to scroll to: the Alert is the live region, one inside another would be
          heard twice. */}
      <div ref={newsRef}>
        {changed && (
          <Alert tone="success">
            <p>{t(othersSignedOut ? 'change.successOthersOut' : 'change.success')}</p>
          </Alert>
        )}
      </div>
      <PageForm ref={formRef} className="form password-form" onSubmit={submit}>
        {change.error && !refusedField && (
          <Alert tone="error">
            <p>{errorText(change.error)}</p>
          </Alert>
        )}
        <CurrentPasswordField
          {...field('oldpassword')}
          label={t('fields.old')}
          reveal={{ show: t('fields.showOld'), hide: t('fields.hideOld') }}
        />
        <NewPasswordFields field={field} />
        <div>
          <SubmitButton pending={change.isPending} pendingLabel={t('change.submitting')}>
            {t('change.submit')}
          </SubmitButton>
        </div>
      </PageForm>
    </section>
  )
}
