/**
 * Helpers for the portal server's unit tests: a small built portal in a temporary folder (the
 * tests must not depend on `npm run build`), a configuration pointing at it, and a collector of
 * the JSON log lines.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { httpsServer } from '../app.ts'
import { readConfig, type ServerConfig } from '../config.ts'
import { afterAll, expect, inject, vi } from 'vitest'

export const ASSET_PATH = '/assets/index-Bx7k2Q9a.js'
export const ASSET_BODY = `console.log(${JSON.stringify('portal '.repeat(400))})\n`
export const INDEX_BODY = `<!doctype html><html lang="en"><head><title>Device Portal</title><script type="module" src="${ASSET_PATH}"></script></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`

/** A folder shaped like `dist/`: index.html, a hashed asset, a file from public/. */
export function makeDist(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'portal-dist-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), INDEX_BODY)
  writeFileSync(join(dir, ASSET_PATH.slice(1)), ASSET_BODY)
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/**
 * What a test file starts and must stop: a built portal (`dist`), data folders and the servers
 * and services it starts (`keep`), closed the last first (a portal before the service behind it)
 * and removed after the file.
 */
export function fileResources() {
  const dist = makeDist()
  const folders: string[] = []
  const kept: { close(): unknown }[] = []
  afterAll(async () => {
    for (const server of kept.reverse()) await server.close()
    dist.remove()
    for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  })
  return {
    dist,
    /** A new temporary folder, removed after the file. */
    folder(prefix: string): string {
      const dir = mkdtempSync(join(tmpdir(), prefix))
      folders.push(dir)
      return dir
    },
    /** A server or service, closed after the file. */
    keep<T extends { close(): unknown }>(server: T): T {
      kept.push(server)
      return server
    },
  }
}

/** The server's configuration as `readConfig` builds it from these environment variables. */
export function testConfig(distDir: string, env: Record<string, string> = {}): ServerConfig {
  // The records' store takes seconds to open: only the tests of the records ask for it.
  if (env.PORTAL_RECORDS === '1' && env.PORTAL_DATA_DIR) withCluster(env.PORTAL_DATA_DIR)
  return readConfig({ DIST_DIR: distDir, LOG_LEVEL: 'silent', PORTAL_RECORDS: '0', ...env })
}

/**
 * Gives a records folder that has none yet a copy of the empty cluster made once for the run
 * (pglite-template.ts): the same as the cluster PGlite would make there, without the seconds.
 */
export function withCluster(dataDir: string): string {
  const cluster = join(dataDir, 'records')
  if (!existsSync(cluster)) cpSync(inject('pgliteTemplate'), cluster, { recursive: true })
  return dataDir
}

/** Collects the server's log lines, the way an operator's log store would see them. */
export function logCollector() {
  const lines: string[] = []
  return {
    lines,
    stream: { write: (line: string) => void lines.push(line) },
    parsed: () => lines.map((line): Record<string, unknown> => JSON.parse(line)),
  }
}

export interface SeenRequest {
  method: string
  url: string
  headers: IncomingHttpHeaders
  body: Buffer
}

/**
 * A stand-in for the real MDM service on a free port: it records every request byte for byte
 * and answers with the route the test gives for the path (without the service's path prefix).
 */
export async function startFakeService(
  routes: Record<string, (request: FastifyRequest, reply: FastifyReply) => unknown>,
  options: { https?: { cert: string; key: string } } = {},
) {
  const service = Fastify(options.https ? { serverFactory: httpsServer(options.https) } : {})
  const seen: SeenRequest[] = []
  service.removeAllContentTypeParsers()
  service.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  )
  service.all('/*', (request, reply) => {
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
    seen.push({ method: request.method, url: request.url, headers: request.headers, body })
    const path = (request.url.split('?', 1)[0] ?? '').replace(/^.*(?=\/api\/mdm\/v2\/)/, '')
    const route = routes[path]
    if (!route) return reply.code(404).send({ success: false, errorcode: '01000005' })
    return route(request, reply)
  })
  await service.listen({ port: 0, host: '127.0.0.1' })
  const address = service.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `${options.https ? 'https' : 'http'}://127.0.0.1:${port}`,
    seen,
    close: () => service.close(),
  }
}

/** A port on which nothing listens, for a service that is down. */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (typeof address !== 'object' || !address) throw new Error('No port')
  return address.port
}

/** A throw-away certificate for 127.0.0.1, or null where no openssl is installed. */
export { selfSignedCertificate } from '../../scripts/certificate.mjs'

/**
 * One request over a real connection, where nothing tidies the path the way inject() does.
 * `onText` sees the answer as it grows; a string body is sent in `chunks` pieces, without a
 * Content-Length when there are several.
 */
export function sendRaw(
  port: number | undefined,
  request: {
    method: string
    path: string
    body?: string
    chunks?: number
    headers?: Record<string, string>
  },
  onText: (text: string) => void = () => {},
) {
  return new Promise<{ status: number; text: string; type?: string }>((resolve, reject) => {
    const { method, path, body, chunks = 1, headers } = request
    const outgoing = httpRequest({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        text += chunk
        onText(text)
      })
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, text, type: response.headers['content-type'] }),
      )
      response.on('error', reject)
    })
    outgoing.on('error', reject)
    if (body === undefined) return void outgoing.end()
    if (!outgoing.hasHeader('content-type')) outgoing.setHeader('content-type', 'application/json')
    if (chunks === 1) return void outgoing.end(body)
    const size = Math.ceil(body.length / chunks)
    for (let start = 0; start < body.length; start += size) {
      outgoing.write(body.slice(start, start + size))
    }
    outgoing.end()
  })
}

/** The port of an address that `listen()` answered with. */
export function portOf(address: string): number {
  return Number(new URL(address).port)
}

/**
 * Waits until the server's records store answers (`/healthz` says so): PGlite and PostgreSQL take
 * a moment to open, more on a busy machine.
 */
export async function recordsReachable(
  app: FastifyInstance,
  { timeout, interval }: { timeout: number; interval: number },
) {
  await vi.waitFor(
    async () => expect((await app.inject({ url: '/healthz' })).json().records).toBe('reachable'),
    { timeout, interval },
  )
}
