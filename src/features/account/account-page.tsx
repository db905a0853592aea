import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Page } from '../../components/page'
import { AccountDetails } from './account-details'
import { AccountSettings } from './account-settings'
import './account.css'

/** The account page; the password section comes from the password feature through the route. */
export function AccountPage({ passwordSection }: { passwordSection: ReactNode }) {
  const { t } = useTranslation('account')
  return (
    <Page title={t('title')} lead={t('lead')}>
      <div className="account-layout">
        <div className="account-layout__main">
          <AccountDetails />
          {passwordSection}
        </div>
        <div className="account-layout__side">
          <AccountSettings />
        </div>
      </div>
    </Page>
  )
}
