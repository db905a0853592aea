import type { FastifyInstance, FastifyRequest } from 'fastify'
import { API_PREFIX } from '../../http/endpoint-routes.ts'

/**
 * A request to the service through the portal's own API routes, in the reader's language and
 * test world; with `apiKey`, also with the API key the request carries (a token in `body` wins
 * over it: spec, Authentication rule 4).
 */
export function askService(
  app: FastifyInstance,
  request: FastifyRequest,
  path: string,
  body: Record<string, unknown>,
  apiKey = false,
) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  const forwarded = ['x-mdm-world', 'accept-language', ...(apiKey ? ['authorization'] : [])]
  for (const name of forwarded) {
    const value = request.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  const url = `${API_PREFIX}/${path}`
  return app.inject({ method: 'POST', url, headers, payload: JSON.stringify(body) })
}
