/**
 * The servers the bench measures against: the production server (server/main.ts) serving a
 * build with the embedded demo API, and a plain static server for the bare React floor.
 */
import { spawn } from 'node:child_process'
import { createHash, X509Certificate } from 'node:crypto'
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { createServer, request as httpRequest } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { selfSignedCertificate } from '../certificate.mjs'
import { projectEnv, root } from '../env.mjs'

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/**
 * The bench's certificate (scripts/certificate.mjs), so that the portal is measured as it is
 * served in production: over HTTPS, where it speaks HTTP/2. `spki` is what Chromium's
 * `--ignore-certificate-errors-spki-list` takes to trust this one certificate.
 */
export function benchCertificate(dir) {
  const certificate = selfSignedCertificate(dir)
  if (!certificate) throw new Error('The bench serves the portal over HTTPS: it needs openssl.')
  const key = new X509Certificate(certificate.cert).publicKey.export({
    type: 'spki',
    format: 'der',
  })
  return { ...certificate, spki: createHash('sha256').update(key).digest('base64') }
}

/**
 * A request from the bench itself (fetch cannot be told to trust a certificate): `ca` trusts the
 * bench's certificate. Answers the status and the body as text.
 */
export function send(url, { method = 'GET', headers = {}, body, ca } = {}) {
  const request = url.startsWith('https:') ? httpsRequest : httpRequest
  return new Promise((resolve, reject) => {
    request(url, { method, headers, ca }, (response) => {
      let text = ''
      response.setEncoding('utf8')
      response.on('data', (chunk) => (text += chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }))
    })
      .on('error', reject)
      .end(body)
  })
}

/** Polls `url` until it answers (`ok`: with a 2xx status; otherwise any HTTP answer will do). */
async function waitForAnswer(url, child, timeoutMs, { ok = true, ca } = {}) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}).`)
    try {
      const { status } = await send(url, { ca })
      if ((status >= 200 && status < 300) || !ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`The server did not answer ${url} within ${timeoutMs} ms.`)
}

/**
 * Starts a server script of the project on a free port, the way `npm start` does
 * (`node --import tsx <script>`), and waits until `ready` (a path) answers.
 */
async function startScript(port, script, env, { ready, readyOk = true, tls }) {
  const url = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: projectEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...(tls ? { TLS_CERT_FILE: tls.certFile, TLS_KEY_FILE: tls.keyFile } : {}),
      ...env,
    }),
  })
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    })
  try {
    await waitForAnswer(`${url}${ready}`, child, 60_000, { ok: readyOk, ca: tls?.cert })
  } catch (error) {
    await stop()
    throw error
  }
  return { url, stop }
}

/**
 * Starts `server/main.ts` on a free port; `env` adds settings such as MDM_LARGE_DEMO, `tls` (a
 * benchCertificate) serves it over HTTPS. Its records go to a folder of its own, removed when it
 * stops: the demo (`npm start`) may hold the project's `data` meanwhile.
 */
export async function startPortal(distDir, env = {}, tls = undefined) {
  const port = await freePort()
  const origin = `${tls ? 'https' : 'http'}://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-portal-'))
  const removeData = () => rmSync(dataDir, { recursive: true, force: true })
  const portal = await startScript(
    port,
    'server/main.ts',
    { PORTAL_URL: origin, DIST_DIR: distDir, PORTAL_DATA_DIR: dataDir, ...env },
    { ready: '/healthz', tls },
  ).catch((error) => {
    removeData()
    throw error
  })
  const stop = async () => {
    await portal.stop()
    removeData()
  }
  return { ...portal, stop, ca: tls?.cert }
}

/** Starts the reference MDM API alone (`server/mdm/api-main.ts`), for the portal to proxy to. */
export async function startReferenceApi(env = {}) {
  const port = await freePort()
  // Any answer of its API means it listens (a GET of an operation is refused, as it should be).
  return startScript(
    port,
    'server/mdm/api-main.ts',
    { PORTAL_URL: 'http://127.0.0.1', ...env },
    {
      ready: '/api/mdm/v2/user/login',
      readyOk: false,
    },
  )
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
}

/** Serves a built folder as it is, with index.html for every unknown path. */
export async function startStatic(dir) {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname))
    let file = join(dir, path)
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) {
      file = join(dir, 'index.html')
    }
    response.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' })
    createReadStream(file).pipe(response)
  })
  const port = await freePort()
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
