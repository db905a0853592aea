import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import type { SessionEndReason } from '@/lib/session'
import { LiveNews } from '@/components/live'

/** Why the user is on the sign-in page, when there is something to say about it. */
export type SignInNotice = SessionEndReason | 'passwordReset' | 'passwordSet'

export function SessionNotice({ notice, id }: { notice: SignInNotice | null; id?: string }) {
  const { t } = useTranslation('auth')
  switch (notice) {
    case 'expired':
    case 'ended':
      return (
        <Alert tone="warning" className="sign-in__notice" id={id}>
          <LiveNews role="alert">
            {t(notice === 'ended' ? 'login.ended' : 'login.expired')}
          </LiveNews>
        </Alert>
      )
    case 'signedOut':
      return (
        <Alert tone="success" className="sign-in__notice">
          <p>{t('login.signedOut')}</p>
        </Alert>
      )
    case 'passwordReset':
      return (
        <Alert
          tone="success"
          className="sign-in__notice"
          id={id}
          title={t('login.passwordReset.title')}
        >
          <p>{t('login.passwordReset.body')}</p>
        </Alert>
      )
    case 'passwordSet':
      return (
        <Alert
          tone="success"
          className="sign-in__notice"
          id={id}
          title={t('login.passwordSet.title')}
        >
          <p>{t('login.passwordSet.body')}</p>
        </Alert>
      )
    default:
      return null
  }
}
