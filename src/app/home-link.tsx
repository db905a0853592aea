import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { paths, safeReturnPath } from '@/lib/paths'
import { useSession } from '@/lib/session'

/** The way back to where this person starts: their devices, the help desk's users, or sign-in. */
export function HomeLink() {
  const { t } = useTranslation()
  const { token, role } = useSession()
  if (!token) return <Link to={paths.login()}>{t('notFound.signIn')}</Link>
  return (
    <Link to={safeReturnPath(null, role)}>
      {role === 'admin' ? t('notFound.users') : t('notFound.home')}
    </Link>
  )
}
