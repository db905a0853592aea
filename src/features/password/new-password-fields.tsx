import { useTranslation } from 'react-i18next'
import { NewPasswordField } from '@/components/field'
import type { FormFieldProps } from '@/lib/form'
import { PasswordChecklist, PasswordMatch } from './password-checks'

type NewPasswordName = 'newpassword' | 'confirmnewpassword'

/**
 * The new password and its repetition: the rules are shown before typing and tick off while the
 * user types, and the repetition says at once whether it matches.
 */
export function NewPasswordFields({ field }: { field: (name: NewPasswordName) => FormFieldProps }) {
  const { t } = useTranslation('password')
  const password = field('newpassword')
  const repeated = field('confirmnewpassword')
  return (
    <>
      <NewPasswordField
        {...password}
        label={t('fields.new')}
        reveal={{ show: t('fields.showNew'), hide: t('fields.hideNew') }}
        hint={<PasswordChecklist password={password.value} />}
      />
      <div className="new-password">
        <NewPasswordField
          {...repeated}
          label={t('fields.confirm')}
          reveal={{ show: t('fields.showConfirm'), hide: t('fields.hideConfirm') }}
        />
        <PasswordMatch
          password={password.value}
          repeated={repeated.value}
          hidden={Boolean(repeated.error)}
        />
      </div>
    </>
  )
}
