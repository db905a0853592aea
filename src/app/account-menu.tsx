import { useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { initialsOf, nameOf } from '@/components/initials'
import { LanguageSwitcher } from '@/components/language-switcher'
import { ThemeSwitcher } from '@/components/theme-switcher'
import { currentUserQuery } from '@/entities/user/queries'
import { useHelpdeskRole } from '@/entities/user/helpdesk-role'
import { rememberSignedInAs, useSignedInAs } from '@/entities/user/signed-in-as'
import { signOut } from '@/lib/sign-out'
import './account-menu.css'
import { useDismiss } from './use-dismiss'

/**
 * Who is signed in (for an administrator, with the help desk role and the tenant), the language, the appearance and
 * sign-out. On a wide screen a button with the person's name opens it, so the header keeps one
 * row; in the phone menu it is shown as it is, below the navigation.
 */
export function AccountMenu({ admin }: { admin: boolean }) {
  const { t } = useTranslation()
  const { pathname } = useLocation()
  const user = useQuery(currentUserQuery()).data
  const signedInAs = useSignedInAs()
  const { role, reading } = useHelpdeskRole()
  // An administrator the roles file does not name (null) is told so, not left with a blank line.
  const roleName = !admin || role === undefined ? null : t(`role.names.${role ?? 'none'}`)
  const id = useId()
  const rootRef = useRef<HTMLDivElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  // Like the phone menu, it closes by itself when the page changes.
  const [openOn, setOpenOn] = useState<string | null>(null)
  const open = openOn === pathname

  // Whoever signed in (with the form, with Microsoft, or in another tab) is known for the way
  // back after an expiry once their record is here.
  const email = user?.email ?? signedInAs?.email ?? ''
  useEffect(() => {
    if (!email) return
    const same = signedInAs?.email.toLowerCase() === email.toLowerCase()
    rememberSignedInAs({ email, admin, tenant: same && signedInAs ? signedInAs.tenant : '' })
  }, [email, admin, signedInAs])

  useDismiss(open, () => setOpenOn(null), [rootRef], toggleRef)

  // Until the record arrives, the address typed at sign-in stands in for the name.
  const name = user ? nameOf(user) : email
  const tenant = signedInAs?.admin ? signedInAs.tenant : ''

  return (
    <div ref={rootRef} className={open ? 'account account--open' : 'account'}>
      <button
        ref={toggleRef}
        type="button"
        className="button button--ghost account__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpenOn(open ? null : pathname)}
      >
        <span className="account__avatar disc" aria-hidden="true">
          {user ? initialsOf(user) : ''}
        </span>
        <span className="visually-hidden">{t('account.signedInAs')} </span>
        <span className="account__toggle-who">
          <span className="account__toggle-name">{name || t('account.signedIn')}</span>
          {/* The help desk's role, below the name: its line is there while the role is read. */}
          {admin && (
            <span className="account__toggle-role">
              {roleName ? (
                <>
                  <span className="visually-hidden">{t('role.label')}: </span>
                  {roleName}
                </>
              ) : (
                reading && <span className="text-slot" />
              )}
            </span>
          )}
        </span>
      </button>
      <div id={id} className="account__panel">
        <div className="account__who">
          <p className="account__label">{t('account.signedInAs')}</p>
          {name && <p className="account__name">{name}</p>}
          {email && email !== name && <p className="account__email">{email}</p>}
          {roleName && (
            <p className="account__role">
              {t('role.label')}: {roleName}
            </p>
          )}
          {admin && (
            <p className="account__tenant">
              {tenant ? t('account.tenant', { tenant }) : t('account.tenantOnly')}
            </p>
          )}
        </div>
        <div className="account__settings">
          <LanguageSwitcher />
          <ThemeSwitcher user={user?.sid} />
        </div>
        <button
          type="button"
          className="button button--secondary account__sign-out"
          onClick={signOut}
        >
          {t('nav.signOut')}
        </button>
      </div>
    </div>
  )
}
