/**
 * The production server under load: `server/main.ts` as `npm start` runs it (NODE_ENV=production)
 * in front of the reference API started on its own (`server/mdm/api-main.ts`, MDM_API_URL), so
 * `device/list` really crosses the proxy. autocannon sends requests for a few seconds each at a
 * fixed concurrency: the page at `/` and at a device's address (`/devices/<id>`, whatever the
 * server puts into it), the entry script the build's manifest names, and a proxied list;
 * requests per second and the 99th percentile of latency count.
 */
import autocannon from 'autocannon'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { firstDeviceId, login } from './demo-api.mjs'
import { startPortal, startReferenceApi } from './servers.mjs'

export const LOAD = { connections: 10, durationSeconds: 5 }

/**
 * The hashed script the page starts with: the entry of Vite's manifest (`.vite/manifest.json`,
 * the chunk built from `index.html`), or else the last script the built page names.
 */
export function entryAsset(distDir) {
  const manifestFile = join(distDir, '.vite', 'manifest.json')
  if (existsSync(manifestFile)) {
    const chunks = Object.entries(JSON.parse(readFileSync(manifestFile, 'utf8')))
    const entries = chunks.filter(([, chunk]) => chunk.isEntry && chunk.file?.endsWith('.js'))
    const entry = entries.find(([source]) => source.endsWith('index.html')) ?? entries[0]
    if (entry) return `/${entry[1].file}`
  }
  const page = readFileSync(join(distDir, 'index.html'), 'utf8')
  const scripts = [...page.matchAll(/"(\/assets\/[^"]+\.js)"/g)]
  const file = scripts.at(-1)?.[1]
  if (!file) throw new Error('The build names no entry script.')
  return file
}

/** The figures of one autocannon result that the bench keeps. */
export function loadFigures(result) {
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    p50Ms: result.latency.p50,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  }
}

function fire(options) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        connections: LOAD.connections,
        duration: LOAD.durationSeconds,
        ...options,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    )
  })
}

export async function measureServer(distDir) {
  const api = await startReferenceApi()
  try {
    const portal = await startPortal(distDir, { NODE_ENV: 'production', MDM_API_URL: api.url })
    try {
      const token = await login(portal)
      const clientid = await firstDeviceId(portal, token)
      const asset = entryAsset(distDir)
      // What a browser sends: the server answers with its precompressed files.
      const browser = { 'accept-encoding': 'br, gzip' }
      const targets = [
        { name: 'index', method: 'GET', path: '/', headers: browser },
        { name: 'hashed asset', method: 'GET', path: asset, headers: browser },
        {
          name: 'device/list (proxied)',
          method: 'POST',
          path: '/api/mdm/v2/device/list',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ token }),
        },
        {
          name: "a device's page",
          method: 'GET',
          path: `/devices/${encodeURIComponent(clientid)}`,
          headers: { ...browser, 'accept-language': 'de' },
        },
      ]
      const results = []
      for (const target of targets) {
        const result = await fire({
          url: `${portal.url}${target.path}`,
          method: target.method,
          headers: target.headers,
          body: target.body,
        })
        results.push({ name: target.name, path: target.path, ...loadFigures(result) })
      }
      return { ...LOAD, nodeEnv: 'production', upstream: 'reference API over HTTP', results }
    } finally {
      await portal.stop()
    }
  } finally {
    await api.stop()
  }
}
