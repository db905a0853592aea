import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import type { Language } from '../../contract/languages.ts'
import { sendApiFailure } from '../http/api-failure.ts'
import { isApiPath } from '../http/request-paths.ts'
import { API_PREFIX } from '../proxy/proxy.ts'
import { answerOtherPageMethods } from './page-methods.ts'
import { NOT_FOUND_PATH, renderPages } from './pages.ts'
import { pageLanguage, usePortalHead, wantsPage, type PageBrand } from '../shared/plain-page.ts'
import { cspHash, inlineHashes } from '../http/security-headers.ts'

/** Vite puts every file whose name carries a content hash into assets/. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Files from public/ keep their names across releases: the browser asks again each time. */
const REVALIDATE = 'no-cache'
/** The pages name the current hashed files: a stale copy would load an old release. */
const NEVER_STORE = 'no-store'

function cacheControlOf(distDir: string, file: string): string {
  const path = relative(distDir, file).split(sep).join('/')
  return path.startsWith('assets/') ? IMMUTABLE : REVALIDATE
}

function pathOf(url: string): string {
  return url.split('?', 1)[0] ?? ''
}

/** A request for a file that is not there must not get the page: that hides broken deploys. */
function isFileRequest(path: string): boolean {
  return path.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(path)
}

type PageFor = Awaited<ReturnType<typeof renderPages>>

function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  pageFor: PageFor,
  status = 200,
  path = pathOf(request.url),
) {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '')
  const page = pageFor(path, query, pageLanguage(request))
  return (
    reply
      .code(Math.max(status, page.status))
      .header('cache-control', NEVER_STORE)
      // The page differs by the language asked for.
      .header('vary', 'accept-language, cookie')
      .type('text/html; charset=utf-8')
      .send(page.html)
  )
}

/**
 * A file that is not there: a browser that asks for a page gets the portal's "not found" in its
 * language (whatever screen the address would name), anything else a short answer.
 */
function notFound(request: FastifyRequest, reply: FastifyReply, pageFor: PageFor) {
  if (wantsPage(request)) return sendPage(request, reply, pageFor, 404, NOT_FOUND_PATH)
  return reply
    .code(404)
    .header('cache-control', NEVER_STORE)
    .type('application/json; charset=utf-8')
    .send({ error: 'Not found' })
}

/** The stylesheets the build made, as the drawn pages carry them (pages.ts). */
function builtStyles(distDir: string): string[] {
  const assets = join(distDir, 'assets')
  if (!existsSync(assets)) return []
  return readdirSync(assets)
    .filter((file) => file.endsWith('.css'))
    .map((file) => readFileSync(join(assets, file), 'utf8'))
}

/** The hashes of the built page's inline scripts and styles for the CSP; none without a build. */
export function pageInlineHashes(distDir: string): {
  scriptHashes: string[]
  styleHashes: string[]
} {
  const indexFile = join(distDir, 'index.html')
  const page = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : ''
  return {
    scriptHashes: inlineHashes(page, 'script'),
    // The drawn pages carry the build's stylesheets inline (pages.ts).
    styleHashes: [...inlineHashes(page, 'style'), ...builtStyles(distDir).map(cspHash)],
  }
}

/**
 * The built portal: hashed assets cached for a year, everything else revalidated; every other
 * GET is a route of the single-page app and gets its page, drawn and never stored (the build's
 * index.html is only what they are drawn from, its address leads to `/`).
 * `reservedPaths` are the demo's own pages, answered 404 when the demo is off.
 */
export async function portalFiles(
  app: FastifyInstance,
  options: {
    distDir: string
    reservedPaths: readonly string[]
    serveSourceMaps?: boolean
    /** The portal's settings (`/portal-config.json`), which the pages are drawn with. */
    settings: unknown
    /** The organisation's files in each page's head. */
    dress?: (html: string, language: Language) => string
    /** The organisation's name and logo, for the short pages the server draws. */
    brand?: PageBrand
  },
) {
  const { distDir, reservedPaths, serveSourceMaps = false, settings, dress, brand } = options
  const indexFile = join(distDir, 'index.html')
  if (!existsSync(indexFile)) {
    throw new Error(`The portal is not built (${indexFile} is missing): run npm run build.`)
  }
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: false,
    cacheControl: false,
    // The build writes .br and .gz beside each text file, so none is compressed per request.
    preCompressed: true,
    // The build keeps its source maps (the benchmark reads them) but they show the source:
    // served only with SERVE_SOURCE_MAPS=1.
    allowedPath: (path) => serveSourceMaps || !path.endsWith('.map'),
    // Undrawn, in English: never sent as it is.
    globIgnore: ['index.html'],
    setHeaders(reply, file) {
      reply.header('cache-control', cacheControlOf(distDir, file))
    },
  })

  const template = readFileSync(indexFile, 'utf8')
  // The organisation's colour and icon dress the short pages too.
  usePortalHead(app, template, dress, brand)
  const pageFor = await renderPages(distDir, settings, dress)
  const isReserved = (path: string) =>
    path.startsWith('/__test/') || reservedPaths.some((reserved) => path === reserved)

  answerOtherPageMethods(
    app,
    (path) => !isApiPath(path) && !isFileRequest(path) && !path.startsWith('/__test/'),
  )
  // The page's address is `/`; query kept, the page at `/` is drawn in the visitor's language.
  app.get('/index.html', (request, reply) =>
    reply
      .header('cache-control', REVALIDATE)
      .redirect(`/${request.url.slice('/index.html'.length)}`, 301),
  )

  app.get('/*', (request, reply) => {
    const path = pathOf(request.url)
    // Under /api in any case: the envelope, as everywhere there.
    if (path === API_PREFIX || isApiPath(request.url)) {
      return sendApiFailure(request, reply, 'unknownEndpoint')
    }
    if (isFileRequest(path) || path.startsWith('/__test/')) return notFound(request, reply, pageFor)
    // The page itself says "not found" in the user's language.
    return sendPage(request, reply, pageFor, isReserved(path) ? 404 : 200)
  })

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url)) {
      return sendApiFailure(request, reply, 'unknownEndpoint')
    }
    return notFound(request, reply, pageFor)
  })
}
