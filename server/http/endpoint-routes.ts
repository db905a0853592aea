import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { PortalChangePath } from '../../contract/commands.ts'
import { ENDPOINTS, isEndpoint, type Endpoint, type EndpointRow } from '../../contract/endpoints.ts'

export const API_PREFIX = '/api/mdm/v2'

/** The limits of the portal's own routes, by the name their route declares. */
type PortalLimit = 'sign-out' | 'links' | 'clientErrors'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The row of contract/endpoints.ts this route passes on (or the embedded API answers). */
    endpoint?: Endpoint
    /**
     * The rule of a portal route that changes something at the service in the caller's name,
     * declared as an endpoint's row is: the session, role, limit and record steps read it.
     */
    rule?: PortalRule
    /** A ceiling of the portal's own routes. */
    limit?: PortalLimit
    /** A route of the help desk's records: an administrator needs a role for it. */
    helpdesk?: boolean
  }
}

/**
 * The endpoint a request was routed to, as the router read it (never the address again): the
 * row's path, or null for a route that passes nothing to the service.
 */
export function endpointOf(request: FastifyRequest): Endpoint | null {
  return request.routeOptions.config?.endpoint ?? null
}

/** A portal route's own row (contract/endpoints.ts: PORTAL_ROUTES), with its path. */
export type PortalRule = EndpointRow & { path: PortalChangePath }

/** The path a step knows a request by: an endpoint's, or a portal route's that has a rule. */
export type RulePath = Endpoint | PortalChangePath

/** The rule a request meets, as its route declares it: an endpoint's row or a portal route's. */
export function rowOf(request: FastifyRequest): (EndpointRow & { path: RulePath }) | null {
  const path = endpointOf(request)
  if (path) return { ...ENDPOINTS[path], path }
  return request.routeOptions.config?.rule ?? null
}

/**
 * Marks each route of the embedded API with its row, as the proxy declares its own: the hooks
 * of every mode read the row from the route. Registered before the API's routes.
 */
export function tagEndpointRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (typeof route.url !== 'string' || !route.url.startsWith(`${API_PREFIX}/`)) return
    const path = route.url.slice(API_PREFIX.length + 1)
    if (!isEndpoint(path)) return
    route.config = { ...route.config, endpoint: path }
  })
}
