import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/button'
import { LanguageSwitcher } from '@/components/language-switcher'
import { signOut } from '@/lib/sign-out'

/** Language of the portal (and of the service's messages), and signing out. */
export function AccountSettings() {
  const { t } = useTranslation('account')
  const languageId = useId()
  const signOutId = useId()
  return (
    <>
      <section className="card account-card" aria-labelledby={languageId}>
        <h2 id={languageId}>{t('language.title')}</h2>
        <p className="account-card__lead">{t('language.body')}</p>
        <LanguageSwitcher className="account-language" labelHidden="always" />
      </section>
      <section className="card account-card" aria-labelledby={signOutId}>
        <h2 id={signOutId}>{t('signOut.title')}</h2>
        <p className="account-card__lead">{t('signOut.body')}</p>
        <Button variant="secondary" onClick={signOut}>
          {t('signOut.action')}
        </Button>
      </section>
    </>
  )
}
