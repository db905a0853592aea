import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from '../../../contract/zod.ts'
import { sendApiFailure, type PortalFailure } from '../../http/api-failure.ts'
import { linkPage } from './one-time-link-page.ts'
import { linkStore, type LinkRequest, type LinkStore } from './one-time-link-store.ts'
import { API_PREFIX, clientLeaves, onBehalf } from '../../proxy/proxy.ts'
import { AnswerReadError, readWhole } from '../../proxy/proxy-read.ts'

/**
 * One-time links for what a device's own browser must open with the session (the enrollment
 * profile or page), so the session token never travels in an address, a history entry or a QR
 * code. The portal posts the request (token included) here and gets an address with a random
 * id instead; opening it once, within a few minutes, sends the request on to the API (embedded
 * or, through the proxy, the real service, which needs no change) and streams its answer back.
 */
export const LINKS_PATH = '/api/portal/links'
export { LINK_LIFETIME_MS, linkStore } from './one-time-link-store.ts'
/**
 * The most of a link's answer the portal reads rather than streams (an envelope, Android's JSON
 * profile, the service's enrollment page: each a few kB), and how long it waits for it (the
 * proxy's own deadline ends a slow service sooner).
 */
const LINK_READ_BYTES = 1024 * 1024
const LINK_READ_MS = 120_000
/** What a link may carry on: the request headers the API reads (the test world included). */
const KEPT_HEADERS = ['accept-language', 'x-mdm-world', 'user-agent'] as const

/** The only request a link may stand for (spec: User endpoints, mdmprofile). */
const createFields = z.object({
  path: z.literal('user/mdmprofile'),
  body: z.strictObject({
    mdmtype: z.enum(['apple', 'android']),
    byod: z.optional(z.boolean()),
    mac: z.optional(z.boolean()),
    html: z.optional(z.boolean()),
    token: z.string().check(z.minLength(1), z.maxLength(4000)),
  }),
})

export function keptHeaders(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const name of KEPT_HEADERS) {
    const value = request.headers[name]
    if (typeof value === 'string') headers[name] = value
  }
  return headers
}

const URL_ATTRIBUTE = /\b(href|src|action)="([^"]*)"/gi

function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/**
 * A web page from the service (`html: true`) links the file through the GET form, with the
 * token in the address. Each such link becomes a one-time link of its own.
 */
async function withoutTokenLinks(
  html: string,
  token: string,
  pageUrl: string,
  store: LinkStore,
  headers: Record<string, string>,
): Promise<string> {
  const marks = [token, encodeURIComponent(token)]
  const links = new Map<string, string>()
  for (const [, , raw = ''] of html.matchAll(URL_ATTRIBUTE)) {
    const value = decodeAttribute(raw)
    if (links.has(raw) || !marks.some((mark) => value.includes(mark))) continue
    const target = new URL(value, `http://portal${pageUrl}`)
    if (target.host !== 'portal' || !target.pathname.startsWith(`${API_PREFIX}/`)) {
      links.set(raw, '#')
      continue
    }
    const id = await store.put(
      { method: 'GET', url: target.pathname + target.search, headers },
      token,
    )
    links.set(raw, id ? `${LINKS_PATH}/${id}` : '#')
  }
  return html.replace(URL_ATTRIBUTE, (whole, name: string, raw: string) => {
    const link = links.get(raw)
    return link === undefined ? whole : `${name}="${link}"`
  })
}

function isFailure(contentType: string, body: string, status: number): boolean {
  if (status >= 400) return true
  if (!contentType.includes('json')) return false
  try {
    const json: unknown = JSON.parse(body)
    return typeof json === 'object' && json !== null && 'success' in json && json.success === false
  } catch {
    return false
  }
}

function errorMessageOf(body: string): string | null {
  try {
    const json: unknown = JSON.parse(body)
    if (typeof json !== 'object' || json === null || !('errormessage' in json)) return null
    return typeof json.errormessage === 'string' ? json.errormessage : null
  } catch {
    return null
  }
}

/**
 * The fetchers of chat and mail apps that show a preview of a pasted link: they get a page
 * about the link and leave it for the device (an iPhone's Messages app calls itself facebookexternalhit).
 */
const LINK_PREVIEWS =
  /bot\b|facebookexternalhit|slack|whatsapp|telegram|discord|skypeuripreview|embedly/i

/**
 * What the service sends through a link (the profile, its page, a file) is a document of its
 * own on the portal's origin: sandboxed, it runs no script and reaches no storage of the portal,
 * whatever the service sent. The portal's own word about a link (gone, refused, a preview) is
 * one of its short pages, under the policy of its other pages, so that it has their look.
 */
function sandboxed(reply: FastifyReply, allow: string) {
  const policy = String(reply.getHeader('content-security-policy') ?? '').replace(
    /; sandbox.*$/,
    '',
  )
  reply.header('content-security-policy', policy ? `${policy}; sandbox${allow}` : `sandbox${allow}`)
}

async function open(
  app: FastifyInstance,
  store: LinkStore,
  id: string,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  reply.header('cache-control', 'no-store')
  if (LINK_PREVIEWS.test(request.headers['user-agent'] ?? '')) {
    const live = await store.has(id)
    return reply
      .code(live ? 200 : 410)
      .type('text/html; charset=utf-8')
      .send(linkPage(request, live ? 'preview' : 'gone', null))
  }
  const link = await store.take(id)
  if (!link) {
    return reply
      .code(410)
      .type('text/html; charset=utf-8')
      .send(linkPage(request, 'gone', null))
  }
  // The answer is taken as a stream: a profile goes on to the device as it comes, never whole
  // in the portal's memory, however large the service makes it. Should the device leave (a
  // download cancelled) or the shutdown answer it, the request to the service ends with it, and
  // nothing more is answered.
  const left = clientLeaves(reply)
  let answer
  try {
    answer = await onBehalf(left, () =>
      app.inject({
        method: link.method,
        url: link.url,
        headers: {
          ...link.headers,
          ...(link.method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        ...(link.method === 'POST' ? { payload: link.body } : {}),
        payloadAsStream: true,
      }),
    )
  } catch (error) {
    if (left.aborted) return reply
    throw error
  }
  // The shutdown has answered the device itself (504), and the API's request for it too.
  if (left.aborted) return reply
  const stream = answer.stream()
  const contentType = String(answer.headers['content-type'] ?? 'application/octet-stream')
  const page = contentType.includes('text/html') && link.method === 'POST'
  // Read only what the portal must look into: a failure, JSON (an envelope or Android's
  // profile, which is itself JSON) and the page whose links it rewrites. All of them are small.
  const mustRead = answer.statusCode >= 400 || contentType.includes('json') || page
  if (!mustRead) {
    sandboxed(reply, '')
    const disposition = answer.headers['content-disposition']
    if (typeof disposition === 'string') reply.header('content-disposition', disposition)
    return reply.code(answer.statusCode).type(contentType).send(stream)
  }
  let raw: Buffer
  try {
    raw = await readWhole(stream, {
      deadline: Date.now() + LINK_READ_MS,
      maxBytes: LINK_READ_BYTES,
    })
  } catch (error) {
    if (left.aborted) return reply
    const reason = error instanceof AnswerReadError ? error.reason : 'broken'
    request.log.warn({ reason }, 'a one-time link’s answer not read')
    return reply
      .code(reason === 'timeout' ? 504 : reason === 'busy' ? 503 : 502)
      .type('text/html; charset=utf-8')
      .send(linkPage(request, reason === 'tooLarge' ? 'tooLarge' : 'failed', null))
  }
  const body = raw.toString('utf8')
  if (isFailure(contentType, body, answer.statusCode)) {
    return reply
      .code(answer.statusCode >= 400 ? answer.statusCode : 502)
      .type('text/html; charset=utf-8')
      .send(linkPage(request, 'failed', errorMessageOf(body)))
  }
  sandboxed(reply, '')
  const disposition = answer.headers['content-disposition']
  if (typeof disposition === 'string') reply.header('content-disposition', disposition)
  reply.code(answer.statusCode).type(contentType)
  if (page) {
    // The service's page links the file itself: its download is the one thing it may start.
    sandboxed(reply, ' allow-downloads')
    return reply.send(await withoutTokenLinks(body, link.token, link.url, store, link.headers))
  }
  return reply.send(raw)
}

/**
 * Whether the service accepts the token, asked with the cheapest call that needs one (spec:
 * user/info returns the caller's own record), through the portal's own checks: a signed-out
 * token is refused there too. Null when it does; else the failure to answer with.
 */
export async function tokenRefusal(
  app: FastifyInstance,
  token: string,
  headers: Record<string, string>,
): Promise<PortalFailure | null> {
  const answer = await app.inject({
    method: 'POST',
    url: `${API_PREFIX}/user/info`,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify({ token }),
  })
  if (answer.statusCode === 504) return 'serviceTimeout'
  if (answer.statusCode >= 500) return 'serviceUnavailable'
  const accepted =
    answer.statusCode === 200 &&
    !isFailure(String(answer.headers['content-type'] ?? ''), answer.body, answer.statusCode)
  return accepted ? null : 'sessionInvalid'
}

export function oneTimeLinks(app: FastifyInstance, store: LinkStore = linkStore()): void {
  let warnedFull = false
  app.post(
    LINKS_PATH,
    { bodyLimit: 16 * 1024, config: { limit: 'links' } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const fields = createFields.safeParse(request.body)
      if (!fields.success) return sendApiFailure(request, reply, 'badRequest')
      const { path, body } = fields.data
      const headers = keptHeaders(request)
      const refusal = await tokenRefusal(app, body.token, headers)
      if (refusal) return sendApiFailure(request, reply, refusal)
      const link: LinkRequest = {
        method: 'POST',
        url: `${API_PREFIX}/${path}`,
        body: JSON.stringify(body),
        token: body.token,
        headers,
      }
      const id = await store.put(link, body.token)
      if (!id) {
        if (!warnedFull) request.log.warn('the one-time links are full: new ones wait for old ones')
        warnedFull = true
        reply.header('retry-after', '60')
        return sendApiFailure(request, reply, 'tooBusy')
      }
      return { success: true, url: `${LINKS_PATH}/${id}` }
    },
  )
  const url = `${LINKS_PATH}/:id`
  app.route<{ Params: { id: string } }>({
    method: 'GET',
    url,
    // A link preview or a scanner that asks with HEAD leaves the link to the device.
    exposeHeadRoute: false,
    handler: (request, reply) => open(app, store, request.params.id, request, reply),
  })
  app.head<{ Params: { id: string } }>(url, async (request, reply) => {
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8')
    return reply.code((await store.has(request.params.id)) ? 200 : 410).send()
  })
}
