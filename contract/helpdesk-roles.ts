/**
 * The help desk's roles, from the least to the most rights, and what each may change. The
 * portal's server refuses what a role may not do before the service sees it; the interface
 * offers only what the role may do, and says why the rest is missing.
 */
export const HELPDESK_ROLES = ['auditor', 'helpdesk', 'admin'] as const
export type HelpdeskRole = (typeof HELPDESK_ROLES)[number]

/**
 * The changes an administrator can make through the portal; every role may read. A command
 * belongs to one of them (contract/commands.ts), named as the command where it is the only one.
 */
export const HELPDESK_ACTIONS = {
  lock: 'helpdesk',
  locate: 'helpdesk',
  lostMode: 'helpdesk',
  passcodeReset: 'helpdesk',
  appListRefresh: 'helpdesk',
  inviteUser: 'helpdesk',
  sendPasswordLink: 'helpdesk',
  wipe: 'admin',
  deleteUser: 'admin',
  installApps: 'admin',
} as const satisfies Record<string, HelpdeskRole>

export type HelpdeskAction = keyof typeof HELPDESK_ACTIONS

/** Whether a role may do an action. */
export function roleAllows(role: HelpdeskRole, action: HelpdeskAction): boolean {
  return HELPDESK_ROLES.indexOf(role) >= HELPDESK_ROLES.indexOf(HELPDESK_ACTIONS[action])
}
