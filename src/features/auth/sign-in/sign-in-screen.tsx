import { Suspense, use, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Screen } from '@/components/screen'
import { inLanguage } from '@/lib/branding'
import { getConfig } from '@/lib/config'
import { loadTextParts } from '@/lib/i18n'
import { useAsAdminParam } from '@/entities/user/as-admin-param'
import { readSignedInAs } from '@/entities/user/signed-in-as'
import { AdminSignIn } from './admin-sign-in'
import { DemoAccounts } from './demo-accounts'
import { SessionNotice, type SignInNotice } from '@/features/auth/session/session-notice'
import { SignInForm } from './sign-in-form'
import { AS_EMPLOYEE, type SignInAs, type SignInValues } from './sign-in-fields'
import '@/features/auth/auth.css'

/**
 * Sign-in with Microsoft and its texts: fetched only where the organisation has it, so the
 * sign-in page of a portal without it carries none of it.
 */
type MicrosoftPart = typeof import('@/features/auth/microsoft/microsoft-sign-in')
let microsoft: MicrosoftPart | null = null
let microsoftLoad: Promise<MicrosoftPart> | null = null
function loadMicrosoft(): Promise<MicrosoftPart> {
  microsoftLoad ??= Promise.all([
    import('@/features/auth/microsoft/microsoft-sign-in'),
    loadTextParts(['auth.microsoft']),
  ]).then(([module]) => (microsoft = module))
  return microsoftLoad
}

function MicrosoftPart({ beforePasswordForm, as }: { beforePasswordForm: boolean; as: SignInAs }) {
  // Loaded ahead by the route's loader; `use` waits only where it was not.
  const { MicrosoftSignIn } = microsoft ?? use(loadMicrosoft())
  return <MicrosoftSignIn beforePasswordForm={beforePasswordForm} as={as} />
}

/**
 * Fetches what the page shows by the settings (sign-in with Microsoft), before its first render:
 * the sign-in route's loader waits for it.
 */
export function prepareSignInScreen(): Promise<unknown> {
  return getConfig().microsoft ? loadMicrosoft() : Promise.resolve()
}

/**
 * The sign-in page: why the user is here, sign-in with Microsoft where the organisation has it,
 * the form, and on the demo its accounts.
 */
export function SignInScreen({
  notice,
  email = '',
}: {
  notice: SignInNotice | null
  /** Known from the page before (a password reset or an invitation): filled in already. */
  email?: string
}) {
  const { t } = useTranslation('auth')
  // After an expiry, the form starts as the one who was signed in (a sign-out forgets them).
  const [before] = useState(readSignedInAs)
  // The address is known (handed on, or kept over an expiry): the form opens in the password
  // field, so signing in again is the password and Enter.
  const [known] = useState(() => email || (before?.email ?? ''))
  const [values, setValues] = useState<SignInValues>({ email: known, password: '' })
  // Back from "Forgot password" as an administrator (`?as=admin`), the switch is on again.
  const asAdmin = useAsAdminParam()
  const [chosen, setAs] = useState<SignInAs | null>(() =>
    !email && before?.admin ? { admin: true, tenant: before.tenant } : null,
  )
  const as = chosen ?? (asAdmin ? { admin: true, tenant: '' } : AS_EMPLOYEE)
  const { demo, microsoft, passwordSignIn, branding } = getConfig()
  // The organisation's word before anyone types a password ("Use your work account").
  const organisationNotice = inLanguage(branding.signInNotice)
  // Why the user is here (a new password, a session that ended) is read out with the password
  // field, where focus then is.
  const noticeId = useId()
  const passwordNotice = notice !== null && notice !== 'signedOut'
  return (
    <>
      <div className="card sign-in">
        <Screen title={t('login.title')} lead={as.admin ? t('login.introAdmin') : t('login.intro')}>
          <SessionNotice notice={notice} id={noticeId} />
          {organisationNotice && <p className="sign-in__notice">{organisationNotice}</p>}
          {microsoft && !passwordSignIn && (
            <AdminSignIn value={as} onChange={setAs} tenantError={null} onFocus={() => {}} />
          )}
          {microsoft && (
            <Suspense fallback={null}>
              <MicrosoftPart beforePasswordForm={passwordSignIn} as={as} />
            </Suspense>
          )}
          {passwordSignIn && (
            <SignInForm
              values={values}
              onChange={setValues}
              as={as}
              onAsChange={setAs}
              passwordFirst={Boolean(known)}
              passwordNotice={passwordNotice ? noticeId : undefined}
            />
          )}
        </Screen>
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
