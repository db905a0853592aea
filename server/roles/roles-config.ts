import { readRolesFile, type HelpdeskRoles } from './roles-file.ts'

/** The roles the demo ships: an auditor, a help desk and the administrators of the demo data. */
const DEMO_ROLES_FILE = new URL('./demo-roles.yaml', import.meta.url).pathname

/**
 * The help desk's roles, read and checked at start: the operator's `HELPDESK_ROLES_FILE`, or on
 * the demo the file it ships. None means every administrator is `admin`. The server knows whose
 * token a request carries only from its records, so roles need them.
 */
export function readHelpdeskRoles(env: NodeJS.ProcessEnv): HelpdeskRoles | null {
  const records = env.PORTAL_RECORDS !== '0' && env.PORTAL_RECORDS !== 'false'
  const path = env.HELPDESK_ROLES_FILE
  if (path) {
    if (!records) {
      throw new Error(
        'HELPDESK_ROLES_FILE needs the portal’s records (PORTAL_RECORDS=0 is set): only they tell the server which administrator holds a token.',
      )
    }
    return readRolesFile(path)
  }
  return !env.MDM_API_URL && records ? readRolesFile(DEMO_ROLES_FILE) : null
}
