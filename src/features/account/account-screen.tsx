import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Screen } from '@/components/screen'
import { AccountDetails } from './account-details'
import { AccountSettings } from './account-settings'
import './account.css'

/** The account page; the password and records sections come from their features through the route. */
export function AccountScreen({
  passwordSection,
  recordsSection,
}: {
  passwordSection: ReactNode
  /** Where the account is signed in and its recent sign-ins (the records feature). */
  recordsSection?: ReactNode
}) {
  const { t } = useTranslation('account')
  return (
    <Screen title={t('title')} lead={t('lead')}>
      <div className="account-layout">
        <div className="account-layout__main">
          <AccountDetails />
          {passwordSection}
          {recordsSection}
        </div>
        <div className="account-layout__side">
          <AccountSettings />
        </div>
      </div>
    </Screen>
  )
}
