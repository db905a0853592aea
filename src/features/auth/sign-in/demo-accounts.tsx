import { useId } from 'react'
import { Dot } from '@/components/dot'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/button'
import { AS_EMPLOYEE, type SignInAs, type SignInValues } from './sign-in-fields'

/** The demo data's accounts, as the reference API's demo has them; shown only when the portal runs on the demo. */
const DEMO_ACCOUNTS = [
  { id: 'anna', name: 'Anna Berger', email: 'anna@example.com', password: 'Demo-Pass-1' },
  { id: 'ben', name: 'Ben Keller', email: 'ben@example.com', password: 'Demo-Pass-2' },
  // The help desk's three roles, as the demo's roles file gives them.
  { id: 'admin', name: 'Alex Admin', email: 'admin@example.com', password: 'Admin-Demo-1' },
  {
    id: 'helpdesk',
    name: 'Hugo Helpdesk',
    email: 'helpdesk@example.com',
    password: 'Helpdesk-Demo-1',
  },
  { id: 'auditor', name: 'Ava Auditor', email: 'auditor@example.com', password: 'Auditor-Demo-1' },
] as const

const ADMINS: ReadonlySet<string> = new Set(['admin', 'helpdesk', 'auditor'])

/** The demo's help desk accounts reach one tenant each, so no tenant id is needed. */
const AS_DEMO_ADMIN: SignInAs = { admin: true, tenant: '' }

export function DemoAccounts({
  onUse,
}: {
  onUse: (credentials: SignInValues, as: SignInAs) => void
}) {
  const { t } = useTranslation('auth')
  const titleId = useId()
  return (
    <aside className="demo-accounts" aria-labelledby={titleId}>
      <h2 id={titleId} className="demo-accounts__title">
        {t('demo.title')}
      </h2>
      <p>{t('demo.intro')}</p>
      <ul className="demo-accounts__list">
        {DEMO_ACCOUNTS.map((account) => (
          <li key={account.id} className="demo-accounts__item">
            <div>
              <p className="demo-accounts__name">{account.name}</p>
              <p className="demo-accounts__about">{t(`demo.about.${account.id}`)}</p>
              <p className="demo-accounts__credentials">
                <code>{account.email}</code>
                <Dot />
                <code>{account.password}</code>
              </p>
            </div>
            <Button
              variant="secondary"
              onClick={() =>
                onUse(
                  { email: account.email, password: account.password },
                  ADMINS.has(account.id) ? AS_DEMO_ADMIN : AS_EMPLOYEE,
                )
              }
            >
              {t('demo.use', { name: account.name })}
            </Button>
          </li>
        ))}
      </ul>
      <p className="demo-accounts__invited">
        {t('demo.invited')} <a href="/outbox">{t('demo.outbox')}</a>
      </p>
    </aside>
  )
}
