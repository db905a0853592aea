import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { useTranslation } from 'react-i18next'
import { changeLanguage } from '@/lib/i18n'
import { fieldProps } from '@/lib/form'
import { NewPasswordFields } from './new-password-fields'

/** The fields as every password form draws them (reset, invitation, account), the repetition left empty. */
function Fields() {
  const { t } = useTranslation('password')
  return (
    <NewPasswordFields
      field={(name) =>
        fieldProps(
          name,
          name === 'newpassword' ? 'Better-Pass-3' : '',
          name === 'confirmnewpassword' ? t('errors.confirmRequired') : null,
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

describe('the repetition of a new password', () => {
  it.each([
    ['en', 'Confirm password', 'Confirm the new password.'],
    ['de', 'Passwort bestätigen', 'Bestätigen Sie das neue Passwort.'],
  ] as const)(
    'asks for the same in both languages, its error too (%s)',
    async (language, label, error) => {
      await changeLanguage(language)
      render(<Fields />)
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(error)
    },
  )
})
