import { memo, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { ConfirmDialog } from '@/components/dialog'
import { Field } from '@/components/field'
import { isApiError } from '@/lib/api/api-error'
import { ERROR_CODES } from '@contract/error-codes'
import { useErrorMessage } from '@/lib/api/error-message'
import { useFieldErrors } from '@/lib/form'
import { currentLanguage } from '@/lib/i18n'
import { draftDialogFor, draftValues, useDraft } from '@/entities/user/use-draft'
import { useCreateUser } from './api'
import { INVITE_FIELDS, INVITE_MESSAGES, inviteSchema, type InviteValues } from './invite-schema'

/** What the list page says once a user was created. */
export interface Invited {
  sid: string
  name: string
  mailed: boolean
  /** The service's own words when a side task failed (User rule 2). */
  warning: string | null
}

const initialValues = (): InviteValues => ({
  email: '',
  firstname: '',
  lastname: '',
  emailculture: currentLanguage() === 'de' ? 'de-DE' : 'en-US',
  sendemail: true,
})

/** The invitation's draft belongs to the users' list, where the dialog opens. */
const DRAFT_OWNER = 'users'
const KEPT = ['email', 'firstname', 'lastname', 'emailculture', 'sendemail'] as const
type DraftFields = Record<(typeof KEPT)[number], string>

const toDraft = (values: InviteValues): DraftFields => ({
  ...values,
  sendemail: String(values.sendemail),
})
const fromDraft = (draft: DraftFields): InviteValues => ({
  ...draft,
  emailculture: draft.emailculture === 'de-DE' ? 'de-DE' : 'en-US',
  sendemail: draft.sendemail !== 'false',
})

/** Whether the invitation was open, with its typing kept, when the session ended. */
export const inviteWasOpen = () => draftDialogFor(DRAFT_OWNER, ['invite']) !== null

/**
 * Invites a new colleague (user/create): address, names, the language of the invitation and
 * whether it goes out now. A failure keeps everything typed; an address that is taken is said at
 * the field. Memoized: the page's search renders around it with every keystroke.
 */
export const InviteDialog = memo(function InviteDialog({
  open,
  onClose,
  onInvited,
}: {
  open: boolean
  onClose: () => void
  onInvited: (invited: Invited) => void
}) {
  const { t } = useTranslation('admin')
  const errorText = useErrorMessage()
  const id = useId()
  const containerRef = useRef<HTMLDivElement>(null)
  // What was typed before the session ended comes back after signing in again.
  const [values, setValues] = useState<InviteValues>(() =>
    fromDraft(draftValues<DraftFields>('invite', DRAFT_OWNER, KEPT)(toDraft(initialValues()))),
  )
  useDraft('invite', DRAFT_OWNER, open, toDraft(values), KEPT)
  const { errors, validate, follow } = useFieldErrors(INVITE_FIELDS, INVITE_MESSAGES)
  const create = useCreateUser()
  const taken = isApiError(create.error) && create.error.code === ERROR_CODES.userAlreadyExists

  const change = (next: InviteValues) => {
    setValues(next)
    follow(inviteSchema, next)
    if (create.isError) create.reset()
  }
  const text = (field: 'email' | 'firstname' | 'lastname') => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      change({ ...values, [field]: event.target.value }),
  })

  function submit() {
    const form = containerRef.current?.closest('form') ?? null
    const user = validate(inviteSchema, values, form)
    if (!user) return
    create.send(
      {
        email: user.email,
        emailculture: user.emailculture,
        sendemail: user.sendemail,
        ...(user.firstname ? { firstname: user.firstname } : {}),
        ...(user.lastname ? { lastname: user.lastname } : {}),
      },
      {
        onSuccess: (result) => {
          const name = [user.firstname, user.lastname].filter(Boolean).join(' ') || user.email
          setValues(initialValues())
          create.reset()
          onInvited({
            sid: result.sid,
            name,
            mailed: user.sendemail,
            warning: result.warningmessage ?? null,
          })
        },
        onError: (error) => {
          if (isApiError(error) && error.code === ERROR_CODES.userAlreadyExists) {
            const email = form?.elements.namedItem('email')
            if (email instanceof HTMLInputElement) email.focus()
          }
        },
      },
    )
  }

  return (
    <ConfirmDialog
      open={open}
      onClose={() => {
        if (!create.isPending) create.reset()
        onClose()
      }}
      onConfirm={submit}
      title={t('invite.title')}
      description={t('invite.description')}
      confirmLabel={values.sendemail ? t('invite.submit') : t('invite.submitQuietly')}
      pending={create.isPending}
      error={
        create.isError && !taken ? <Alert tone="error">{errorText(create.error)}</Alert> : null
      }
    >
      <div ref={containerRef} className="form">
        <Field
          label={t('invite.email')}
          type="email"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          error={errors.email ? t(errors.email) : taken ? errorText(create.error) : null}
          {...text('email')}
        />
        <Field
          label={`${t('invite.firstname')} (${t('invite.optional')})`}
          autoComplete="off"
          error={errors.firstname && t(errors.firstname)}
          {...text('firstname')}
        />
        <Field
          label={`${t('invite.lastname')} (${t('invite.optional')})`}
          autoComplete="off"
          error={errors.lastname && t(errors.lastname)}
          {...text('lastname')}
        />
        <fieldset className="field">
          <legend>{t('invite.language')}</legend>
          <div className="invite-languages">
            {(['de-DE', 'en-US'] as const).map((culture) => (
              <div key={culture} className="check-row">
                <input
                  type="radio"
                  id={`${id}-${culture}`}
                  name="emailculture"
                  value={culture}
                  checked={values.emailculture === culture}
                  onChange={() => change({ ...values, emailculture: culture })}
                />
                <label htmlFor={`${id}-${culture}`}>
                  {culture === 'de-DE' ? t('invite.de') : t('invite.en')}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
        <div className="check-row">
          <input
            type="checkbox"
            id={`${id}-send`}
            name="sendemail"
            checked={values.sendemail}
            aria-describedby={`${id}-send-hint`}
            onChange={(event) => change({ ...values, sendemail: event.target.checked })}
          />
          <label htmlFor={`${id}-send`}>{t('invite.sendEmail')}</label>
          <p id={`${id}-send-hint`} className="field__hint">
            {t('invite.sendEmailHint')}
          </p>
        </div>
      </div>
    </ConfirmDialog>
  )
})
