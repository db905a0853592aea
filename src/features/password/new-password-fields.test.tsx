import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useTranslation } from 'react-i18next'
import { changeLanguage } from '@/lib/i18n'
import { fieldProps } from '@/lib/form'
import type { PasswordMessage } from './schemas'
import { NewPasswordFields } from './new-password-fields'

/** The fields as every password form draws them (reset, invitation, account). */
function Fields({
  password = 'Better-Pass-3',
  confirmation = '',
  error = null,
}: {
  password?: string
  confirmation?: string
  error?: PasswordMessage | null
}) {
  const { t } = useTranslation('password')
  return (
    <NewPasswordFields
      field={(name) =>
        fieldProps(
          name,
          name === 'newpassword' ? password : confirmation,
          name === 'confirmnewpassword' && error ? t(error) : null,
          () => undefined,
        )
      }
    />
  )
}

afterEach(async () => {
  cleanup()
  await changeLanguage('en')
})

/** Every text of the second field, which asks to confirm the password, not to repeat it. */
const TEXTS = {
  en: {
    label: 'Confirm password',
    required: 'Confirm the new password.',
    mismatch: 'The passwords do not match. Confirm the new password by typing it here again.',
    match: 'Confirmed: the passwords match.',
    sameWeak: 'Confirmed, but the new password does not meet the rules above yet.',
    noMatch: 'Not confirmed yet: the passwords do not match.',
  },
  de: {
    label: 'Passwort bestätigen',
    required: 'Bestätigen Sie das neue Passwort.',
    mismatch:
      'Die Passwörter stimmen nicht überein. Bestätigen Sie das neue Passwort, indem Sie es hier noch einmal eingeben.',
    match: 'Bestätigt: Die Passwörter stimmen überein.',
    sameWeak: 'Bestätigt, aber das neue Passwort erfüllt die Regeln oben noch nicht.',
    noMatch: 'Noch nicht bestätigt: Die Passwörter stimmen nicht überein.',
  },
} as const

describe('the confirmation of a new password', () => {
  it.each(['en', 'de'] as const)(
    'speaks of confirming in every text, its errors too (%s)',
    async (language) => {
      const texts = TEXTS[language]
      await changeLanguage(language)
      const { rerender } = render(<Fields error="errors.confirmRequired" />)
      const confirm = screen.getByLabelText(texts.label)
      expect(confirm).toHaveAccessibleDescription(texts.required)
      rerender(<Fields confirmation="Better" error="errors.mismatch" />)
      expect(confirm).toHaveAccessibleDescription(texts.mismatch)

      rerender(<Fields confirmation="Better-Pass-3" />)
      expect(screen.getByText(texts.match)).toBeInTheDocument()
      rerender(<Fields password="weak" confirmation="weak" />)
      expect(screen.getByText(texts.sameWeak)).toBeInTheDocument()
      rerender(<Fields confirmation="Better" />)
      expect(screen.getByText(texts.noMatch)).toBeInTheDocument()
      expect(document.body).not.toHaveTextContent(/repeat|wiederhol/i)
    },
  )
})
