import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Field } from '@/components/field'
import type { SignInAs } from './sign-in-fields'

/**
 * The switch between an employee's and an administrator's sign-in, and the administrator's
 * tenant id. The tenant is optional: the service asks for it only when the administrator looks
 * after several tenants (spec: Authentication rule 5), and its answer then shows at the field.
 */
export function AdminSignIn({
  value,
  onChange,
  tenantError,
  onFocus,
}: {
  value: SignInAs
  onChange: (value: SignInAs) => void
  tenantError: string | null
  onFocus: () => void
}) {
  const { t } = useTranslation('auth')
  const id = useId()
  return (
    <div className="admin-sign-in">
      <div className="admin-sign-in__switch">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={value.admin}
          aria-describedby={`${id}-hint`}
          onFocus={onFocus}
          onChange={(event) => onChange({ ...value, admin: event.target.checked })}
        />
        <label htmlFor={id}>{t('admin.switch')}</label>
        <p id={`${id}-hint`} className="field__hint">
          {t('admin.switchHint')}
        </p>
      </div>
      {value.admin && (
        <Field
          label={t('admin.tenant')}
          hint={t('admin.tenantHint')}
          name="tenant"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={100}
          value={value.tenant}
          error={tenantError}
          onFocus={onFocus}
          onChange={(event) => onChange({ ...value, tenant: event.target.value })}
        />
      )}
    </div>
  )
}
