import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from '@/components/alert'
import { paths } from '@/lib/paths'
import type { Invited } from './invite-dialog'
import { LiveNews } from '@/components/live'

/**
 * What came of an invitation, above the list. The news is in a live region of its own, the way
 * to the new user's page beside it, so that a screen reader hears "Kim Lee was added…" without
 * "Open Kim Lee" read out after it; the box around them is the notice to the eye. A warning is
 * an alert of its own, as before.
 */
export function InvitedNotice({ invited }: { invited: Invited }) {
  const { t } = useTranslation('admin')
  return (
    <Alert
      tone={invited.warning ? 'warning' : 'success'}
      className="admin-notice"
      announced={false}
    >
      {invited.warning ? (
        <>
          <p className="alert__title">{t('invite.warningTitle')}</p>
          <LiveNews role="alert">{invited.warning}</LiveNews>
        </>
      ) : (
        <LiveNews role="status">
          {t(invited.mailed ? 'users.invitedMail' : 'users.invited', { name: invited.name })}
        </LiveNews>
      )}
      <Link to={paths.adminUser(invited.sid)}>{t('users.openUser', { name: invited.name })}</Link>
    </Alert>
  )
}
