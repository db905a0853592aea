import Fastify, { type FastifyInstance } from 'fastify'
import fastifyMetrics from 'fastify-metrics'
import promClient, { Counter, Gauge, Histogram, Registry } from 'prom-client'
import { API_PREFIX } from './endpoint-routes.ts'

/** The records' queue as the metrics read it (server/sessions/records/record-queue.ts). */
interface QueueCounts {
  queued: number
  written: number
  dropped: number
  failing: boolean
}

/**
 * How the service answered a request the proxy passed on: its status, or it could not be
 * reached, or was too late; `abandoned`: the client left before the service's headers came, and
 * the service's request was ended; `shutdown`: the portal, stopping, answered 504 before them,
 * and ended the service's request.
 */
export type ServiceOutcome = number | 'unreachable' | 'timeout' | 'abandoned' | 'shutdown'

/** What the portal counts besides its requests, for `/metrics`. */
interface PortalMetrics {
  /** The service's answer (or failure) to a request the proxy passed on, and how long it took. */
  serviceAnswered(endpoint: string, status: ServiceOutcome, seconds: number): void
  /** A request the portal's own rate limits refused. */
  rateLimited(limit: string): void
  /** The activity records' queue, read at each scrape. */
  watchRecords(counts: () => QueueCounts): void
}

function portalMetrics(registry: Registry): PortalMetrics {
  const registers = [registry]
  const service = new Histogram({
    name: 'portal_service_response_seconds',
    help: 'Time from passing a request on to the MDM service to its answer, as the proxy sees it',
    labelNames: ['endpoint', 'status'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  })
  const refused = new Counter({
    name: 'portal_rate_limit_refusals_total',
    help: 'Requests refused by the portal rate limits',
    labelNames: ['limit'],
    registers,
  })
  let records: (() => QueueCounts) | null = null
  new Gauge({
    name: 'portal_records_queued',
    help: 'Activity and sign-in records waiting in memory for the store',
    registers,
    collect() {
      if (records) this.set(records().queued)
    },
  })
  new Gauge({
    name: 'portal_records_failing',
    help: 'Whether the records store fails its writes now (1): records wait in memory, help desk changes are refused',
    registers,
    collect() {
      if (records) this.set(records().failing ? 1 : 0)
    },
  })
  const total = (name: 'written' | 'dropped', help: string) =>
    new Counter({
      name: `portal_records_${name}_total`,
      help,
      registers,
      collect() {
        if (!records) return
        this.reset()
        this.inc(records()[name])
      },
    })
  total('written', 'Activity and sign-in records written to the store')
  total('dropped', 'Activity and sign-in records dropped: queue full or not writable')
  return {
    // Only the rows of contract/endpoints.ts reach the service: no address adds a series.
    serviceAnswered(endpoint, status, seconds) {
      service.observe({ endpoint: `${API_PREFIX}/${endpoint}`, status: String(status) }, seconds)
    },
    rateLimited: (limit) => refused.inc({ limit }),
    watchRecords(counts) {
      records = counts
    },
  }
}

/**
 * With `METRICS_PORT`, the portal's metrics in Prometheus' format: its requests by route and
 * status (fastify-metrics), the service's answer times, rate-limit refusals and the records'
 * queue, plus Node's own figures. They are served on that port only, by a server of their own:
 * the public port has no `/metrics`. Null without `METRICS_PORT`.
 */
export async function metrics(
  app: FastifyInstance,
  config: { metricsPort: number | null; host: string },
): Promise<PortalMetrics | null> {
  const port = config.metricsPort
  if (port === null) return null
  const registry = new Registry()
  await app.register(fastifyMetrics, {
    promClient,
    endpoint: null,
    defaultMetrics: { enabled: true, register: registry },
    routeMetrics: {
      enabled: { histogram: true, summary: false },
      // The route's pattern, never the address asked for: an unknown path adds no series.
      registeredRoutesOnly: true,
      overrides: { histogram: { registers: [registry] }, summary: { registers: [registry] } },
    },
  })
  const server = Fastify({ logger: false })
  server.get('/metrics', async (_request, reply) => {
    reply.header('cache-control', 'no-store').type(registry.contentType)
    return registry.metrics()
  })
  app.addHook('onReady', async () => {
    await server.listen({ port, host: config.host })
    app.log.info({ port }, 'metrics are served on METRICS_PORT at /metrics')
  })
  app.addHook('onClose', () => server.close())
  return portalMetrics(registry)
}
