import type { ChangeEvent, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Field, PasswordField } from '@/components/field'
import { FormErrorSummary } from './form-error-summary'

/** The fields of an action dialog, under the summary that says how many need fixing. */
export function ActionFields({ errors, children }: { errors: object; children: ReactNode }) {
  return (
    <div className="form">
      <FormErrorSummary count={Object.keys(errors).length} />
      {children}
    </div>
  )
}

interface FieldProps {
  name: string
  value: string
  error: string | null
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
}

/**
 * A Mac's 6-digit PIN, typed twice: it cannot be shown later, and a typo would lock the Mac for
 * good (lock and full wipe).
 */
export function PinFields({
  hint,
  pin,
  repeat,
}: {
  hint: string
  pin: FieldProps
  repeat: FieldProps
}) {
  const { t } = useTranslation('devices')
  const digits = {
    inputMode: 'numeric',
    autoComplete: 'off',
    required: true,
  } as const
  return (
    <>
      <Field label={t('form.macPin')} hint={hint} {...digits} {...pin} />
      <Field label={t('form.macPinConfirm')} {...digits} {...repeat} />
    </>
  )
}

/** The new passcode an Android device gets (reset passcode, lost mode). */
export function PasscodeField({ hint, ...field }: FieldProps & { hint: string }) {
  const { t } = useTranslation('devices')
  return (
    <PasswordField
      secret="passcode"
      label={t('form.newPasscode')}
      hint={hint}
      autoComplete="new-password"
      required
      {...field}
    />
  )
}
