import { queryOptions, useQuery } from '@tanstack/react-query'
import { z } from '@contract/zod'
import {
  HELPDESK_ROLES,
  roleAllows,
  type HelpdeskAction,
  type HelpdeskRole,
} from '@contract/helpdesk-roles'
import { useLocation } from 'react-router'
import { portalRequest } from '@/lib/api/client'
import { isAdminPath } from '@/lib/paths'
import { useSession } from '@/lib/session'

/** The portal server's answer to which help desk role the signed-in administrator holds. */
const ROLE_URL = '/api/portal/role'

const roleAnswerSchema = z.object({
  success: z.boolean(),
  data: z.object({ role: z.nullable(z.enum(HELPDESK_ROLES)), roles: z.boolean() }),
})

/**
 * The help desk role of the signed-in administrator: it stays for the whole session, and goes
 * with it (the query cache is cleared when a session ends), so each sign-in asks afresh.
 */
export function helpdeskRoleQuery() {
  return queryOptions({
    queryKey: ['helpdesk-role'] as const,
    queryFn: async ({ signal }) =>
      (await portalRequest(ROLE_URL, {}, roleAnswerSchema, { signal })).data,
    staleTime: Infinity,
  })
}

interface HelpdeskRoleState {
  /** The role; null for an administrator the roles file does not name; undefined until known. */
  role: HelpdeskRole | null | undefined
  /** The role could not be read: nothing is offered, and the page says so. */
  failed: boolean
  /** The role is being read: what it may allow holds its place, not yet to be used. */
  reading: boolean
  /** Whether the role allows the action; nothing is offered until the role is known. */
  may: (action: HelpdeskAction) => boolean
}

/**
 * Whether the page is the help desk's: by the address first, which the server knows as well (so
 * the help desk's page it draws is the one the browser first renders), else by the session's role.
 */
export function useInHelpDesk(): boolean {
  const { pathname } = useLocation()
  const { role } = useSession()
  return isAdminPath(pathname) || role === 'admin'
}

/**
 * What the signed-in administrator's role allows. An employee's own pages ask nothing: the
 * service limits a user to their own devices, and every action there is theirs.
 */
export function useHelpdeskRole(): HelpdeskRoleState {
  const admin = useInHelpDesk()
  const { token } = useSession()
  // Asked only with a session: a page still on screen as its session ends would otherwise ask
  // without one, and keep that refusal as the next sign-in's role (reads are not retried on mount).
  const query = useQuery({ ...helpdeskRoleQuery(), enabled: admin && token !== null })
  if (!admin) return { role: undefined, failed: false, reading: false, may: () => true }
  const role = query.data?.role
  return {
    role,
    failed: query.isError,
    // As the server draws the page too (it has no session): the first render matches its page.
    reading: query.isPending,
    may: (action) => (role ? roleAllows(role, action) : false),
  }
}
