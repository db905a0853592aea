import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Screen } from '@/components/screen'
import { paths } from '@/lib/paths'

/** A reset or invitation link that is unknown, used or expired, and the way to a fresh one. */
export function InvalidLink() {
  const { t } = useTranslation('password')
  return (
    <Screen title={t('invalid.title')}>
      <p>{t('invalid.body')}</p>
      <div className="button-row">
        <Link className="button button--primary" to={paths.forgotPassword()}>
          {t('invalid.requestNew')}
        </Link>
        <Link to={paths.login()}>{t('backToSignIn')}</Link>
      </div>
    </Screen>
  )
}
