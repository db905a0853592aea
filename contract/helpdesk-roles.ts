/**
 * The help desk's roles, from the least to the most rights, and what each may change. The
 * portal's server refuses what a role may not do before the service sees it; the interface
 * offers only what the role may do, and says why the rest is missing.
 */
export const HELPDESK_ROLES = ['auditor', 'helpdesk', 'admin'] as const
export type HelpdeskRole = (typeof HELPDESK_ROLES)[number]

/** The changes an administrator can make through the portal; every role may read. */
export const HELPDESK_ACTIONS = {
  lock: 'helpdesk',
  locate: 'helpdesk',
  lostMode: 'helpdesk',
  passcode: 'helpdesk',
  appListRefresh: 'helpdesk',
  inviteUser: 'helpdesk',
  wipe: 'admin',
  deleteUser: 'admin',
  installApps: 'admin',
} as const satisfies Record<string, HelpdeskRole>

export type HelpdeskAction = keyof typeof HELPDESK_ACTIONS

/** Whether a role may do an action. */
export function roleAllows(role: HelpdeskRole, action: HelpdeskAction): boolean {
  return HELPDESK_ROLES.indexOf(role) >= HELPDESK_ROLES.indexOf(HELPDESK_ACTIONS[action])
}

/** API paths (after `/api/mdm/v2/`) that only read: open to every role. */
const READS = new Set([
  'app/list',
  'app/info',
  'app/image',
  'device/list',
  'device/info',
  'user/info',
  'user/list',
  'user/renewtoken',
  // The administrator's own password, not the tenant's data.
  'user/changepassword',
])

/** API paths that change the tenant's data, by the action they are. */
const CHANGES: Record<string, HelpdeskAction> = {
  'device/lockscreen': 'lock',
  'device/requestlocation': 'locate',
  'device/enablelostmode': 'lostMode',
  'device/disablelostmode': 'lostMode',
  'device/resetpasscode': 'passcode',
  'device/requestapplist': 'appListRefresh',
  'user/create': 'inviteUser',
  'device/wipe': 'wipe',
  'user/delete': 'deleteUser',
  'app/install': 'installApps',
  'app/uninstall': 'installApps',
}

/**
 * The action an API path is, `read` for one that only reads, and for any other path (one the
 * portal does not know) `unknown`, which only an administrator may send.
 */
export function actionOfPath(path: string): HelpdeskAction | 'read' | 'unknown' {
  if (READS.has(path)) return 'read'
  return CHANGES[path] ?? 'unknown'
}
