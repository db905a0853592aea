import { useTranslation } from 'react-i18next'
import type { HelpdeskAction } from '@contract/helpdesk-roles'
import { useHelpdeskRole } from './helpdesk-role'
import './role-note.css'

/**
 * Where the help desk's page leaves out actions the administrator's role does not allow, it
 * says so, and who can do them instead. Nothing shows while the role is being read.
 */
export function RoleNote({ missing }: { missing: readonly HelpdeskAction[] }) {
  const { t } = useTranslation()
  const { role, failed } = useHelpdeskRole()
  if (role === undefined && !failed) return null
  if (role && missing.length === 0) return null
  const name = role ? t(`role.in.${role}`) : ''
  const lines =
    role === undefined
      ? [t('role.failed')]
      : role === null
        ? [t('role.none')]
        : role === 'auditor' && missing.length > 1
          ? [t('role.readOnly', { role: name })]
          : missing.map((action) => t(`role.cannot.${action}`, { role: name }))
  return (
    <div className="role-note" role="note">
      <h3 className="role-note__title">{t('role.title')}</h3>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  )
}
