/**
 * The production server under load: `server/main.ts` as `npm start` runs it (NODE_ENV=production)
 * in front of the reference API started on its own (`server/api-main.ts`, MDM_API_URL), so
 * `device/list` really crosses the proxy, as does the `device/info` of a device's page, which the
 * server renders besides (server/first-screen.ts). autocannon sends requests for a few seconds each at a
 * fixed concurrency; requests per second and the 99th percentile of latency count.
 */
import autocannon from 'autocannon'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { firstDeviceId, login } from './demo-api.mjs'
import { startPortal, startReferenceApi } from './servers.mjs'

export const LOAD = { connections: 10, durationSeconds: 5 }

/**
 * The hashed script the page starts with: the last script the built page names, whether as a
 * module script, a module preload or the one its start script adds after the first paint
 * (build/first-paint.ts); the build puts its runtime first and the entry, grouped with the
 * shell, after it.
 */
export function entryAsset(distDir) {
  const page = readFileSync(join(distDir, 'index.html'), 'utf8')
  const scripts = [...page.matchAll(/"(\/assets\/[^"]+\.js)"/g)]
  const file = scripts.at(-1)?.[1]
  if (!file) throw new Error('The built page names no module script.')
  return file
}

/**
 * Where a device's page sends its device (server/first-screen.ts), as the server lists it in the
 * page (`render` in the data block of its first requests), or null when it renders none.
 */
async function deviceScreenPath(origin, clientid) {
  const page = await (await fetch(`${origin}/devices/${encodeURIComponent(clientid)}`)).text()
  const block = /<script type="application\/json" id="portal-requests">([^<]*)<\/script>/.exec(page)
  const requests = block ? JSON.parse(block[1]) : []
  return requests.find((request) => request.render)?.render ?? null
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
      const token = await login(portal.url)
      const clientid = await firstDeviceId(portal.url, token)
      const asset = entryAsset(distDir)
      const rendered = await deviceScreenPath(portal.url, clientid)
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
        ...(rendered
          ? [
              {
                name: "a device's page (rendered)",
                method: 'POST',
                path: rendered,
                headers: {
                  ...browser,
                  'content-type': 'application/json',
                  'accept-language': 'de',
                },
                body: JSON.stringify({ clientid, token }),
              },
            ]
          : []),
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
