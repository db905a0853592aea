import type { FastifyRequest } from 'fastify'

/** Which of the reference API's test worlds a request belongs to. */
export type WorldOf = (request: FastifyRequest) => string

/**
 * In test mode the reference API keeps one demo tenant per `x-mdm-world` header, so tests side
 * by side never see each other's devices; the activity on record is kept apart the same way.
 * Outside test mode the header means nothing and every record has the empty world.
 */
export function worldReader(testMode: boolean): WorldOf {
  if (!testMode) return () => ''
  return (request) => {
    const world = request.headers['x-mdm-world']
    return typeof world === 'string' ? world.slice(0, 200) : ''
  }
}
