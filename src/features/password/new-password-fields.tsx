import { useTranslation } from 'react-i18next'
import { PasswordField } from '../../components/field'
import { PasswordChecklist, PasswordMatch } from './password-checks'
import type { NewPasswordValues } from './schemas'

/**
 * The new password and its repetition: the rules are shown before typing and tick off while the
 * user types, and the repetition says at once whether it matches.
 */
export function NewPasswordFields({
  values,
  onChange,
  errors,
}: {
  values: NewPasswordValues
  onChange: (values: NewPasswordValues) => void
  errors: { newpassword?: string | null; confirmnewpassword?: string | null }
}) {
  const { t } = useTranslation('password')
  return (
    <>
      <PasswordField
        label={t('fields.new')}
        name="newpassword"
        autoComplete="new-password"
        required
        hint={<PasswordChecklist password={values.newpassword} />}
        value={values.newpassword}
        error={errors.newpassword}
        onChange={(event) => onChange({ ...values, newpassword: event.target.value })}
      />
      <div className="new-password">
        <PasswordField
          label={t('fields.confirm')}
          name="confirmnewpassword"
          autoComplete="new-password"
          required
          value={values.confirmnewpassword}
          error={errors.confirmnewpassword}
          onChange={(event) => onChange({ ...values, confirmnewpassword: event.target.value })}
        />
        <PasswordMatch
          password={values.newpassword}
          repeated={values.confirmnewpassword}
          hidden={Boolean(errors.confirmnewpassword)}
        />
      </div>
    </>
  )
}
