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
 * says so, and who can do them instead. Nothing shows while the role is being read. `level`: its
 * heading's, one below what it stands under (2 right under the page's title, 3 in a section).
 */
export function RoleNote({
  missing,
  level = 3,
}: {
  missing: readonly HelpdeskAction[]
  level?: 2 | 3
}) {
  const { t } = useTranslation()
  const { role, failed } = useHelpdeskRole()
  if (role === undefined && !failed) return null
  if (role && missing.length === 0) return null
  const lines = roleNoteLines(t, role, missing)
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <div className="role-note" role="note">
      <Heading className="role-note__title">{t('role.title')}</Heading>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  )
}
