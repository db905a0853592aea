import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Page } from '../../components/page'
import { getConfig } from '../../lib/config'
import { DemoAccounts } from './demo-accounts'
import { MicrosoftSignIn } from './microsoft/microsoft-sign-in'
import { SessionNotice, type SignInNotice } from './session-notice'
import { SignInForm } from './sign-in-form'
import { AS_EMPLOYEE, type SignInAs, type SignInValues } from './sign-in-fields'
import './auth.css'

/**
 * The sign-in page: why the user is here, sign-in with Microsoft where the organisation has it,
 * the form, and on the demo its accounts.
 */
export function SignInPage({
  notice,
  email = '',
}: {
  notice: SignInNotice | null
  /** Known from the page before (a password reset or an invitation): filled in already. */
  email?: string
}) {
  const { t } = useTranslation('auth')
  const [values, setValues] = useState<SignInValues>({ email, password: '' })
  const [as, setAs] = useState<SignInAs>(AS_EMPLOYEE)
  const { demo, microsoft, passwordSignIn } = getConfig()
  return (
    <>
      <div className="card sign-in">
        <Page title={t('login.title')} lead={as.admin ? t('login.introAdmin') : t('login.intro')}>
          <SessionNotice notice={notice} />
          {microsoft && !as.admin && <MicrosoftSignIn beforePasswordForm={passwordSignIn} />}
          {passwordSignIn && (
            <SignInForm values={values} onChange={setValues} as={as} onAsChange={setAs} />
          )}
        </Page>
      </div>
      {demo && passwordSignIn && (
        <DemoAccounts
          onUse={(credentials, account) => {
            setValues(credentials)
            setAs(account)
          }}
        />
      )}
    </>
  )
}
