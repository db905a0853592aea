import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { HELPDESK_ACTIONS, type HelpdeskAction, type HelpdeskRole } from '@contract/helpdesk-roles'
import { useHelpdeskRole } from './helpdesk-role'
import './role-note.css'

/**
 * What the note says: each action the role may not do, and who may, as the roles table has it
 * (an invitation: the help desk or an administrator; a wipe: an administrator).
 */
export function roleNoteLines(
  t: TFunction,
  role: HelpdeskRole | null | undefined,
  missing: readonly HelpdeskAction[],
): string[] {
  if (role === undefined) return [t('role.failed')]
  if (role === null) return [t('role.none')]
  const as = t(`role.as.${role}`)
  if (role === 'auditor' && missing.length > 1) return [t('role.readOnly', { as })]
  return missing.map(
    (action) =>
      `${t(`role.cannot.${action}`, { as })} ${t(`role.ask.${HELPDESK_ACTIONS[action]}`)}`,
  )
}

/**
 * Where the help desk's page leaves out actions the administrator's role does not allow, it
 * says so, and who can do them instead. Nothing shows while the role is being read.
 */
export function RoleNote({ missing }: { missing: readonly HelpdeskAction[] }) {
  const { t } = useTranslation()
  const { role, failed } = useHelpdeskRole()
  if (role === undefined && !failed) return null
  if (role && missing.length === 0) return null
  const lines = roleNoteLines(t, role, missing)
  return (
    <div className="role-note" role="note">
      <h3 className="role-note__title">{t('role.title')}</h3>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  )
}
