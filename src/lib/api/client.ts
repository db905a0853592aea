/**
 * The one way in to the MDM v2 API (STYLE.md convention 1). Nothing else calls `fetch`.
 *
 * Every request is a POST of JSON to `<base>/<resource>/<action>` carrying the session token in
 * the body and the UI language as `Accept-Language`. Both failure styles of the service (an HTTP
 * status, or HTTP 200 with `success: false`) become one `ApiError`, and every answer is parsed
 * with a zod schema. `tokenstatus` is read on every answer: `ExpiresSoon` renews the token once,
 * however many answers said so; `Expired` or a 401 in the envelope ends the session, unless the
 * way the user signed in can sign in again without them (see session-revival.ts). A 401 page
 * of a gateway, without the envelope, is the service not reached (sessionRefused).
 */
import { z } from '@contract/zod'
import { getConfig } from '@/lib/config'
import { currentLanguage } from '@/lib/i18n'
import { session } from '@/lib/session'
import { reviveSession } from '@/lib/session-revival'
import { singleFlight } from '@/lib/single-flight'
import { ApiError, type ApiErrorKind } from './api-error'
import { takeEarlyRead } from './early-read'
import type { ApiPath, RequestBody } from '@contract/requests'
import { AUTOMATIC_HEADER, type Command } from '@contract/commands'
import { authResultSchema, envelopeSchema, linkResultSchema } from '@contract/schemas'
import { PORTAL_ERROR_CODES } from '@contract/error-codes'

const TIMEOUT_MS = 30_000

/** Endpoints that take no session token (spec: Authentication). */
const PUBLIC_PATHS: ReadonlySet<ApiPath> = new Set<ApiPath>([
  'user/login',
  'user/renewtoken',
  'user/forgotpassword',
  'user/resetpassword',
  'user/resetpasswordinfo',
])

export interface RequestOptions {
  signal?: AbortSignal
  /**
   * Asks the service to answer a failure with HTTP 200 and the outcome only in the envelope
   * (`cms-dhsc: true`, api-facts.md). For requests whose failure is expected and harmless (an
   * app without an icon): a 404 would be logged in the browser's console on every page load.
   */
  outcomeInEnvelope?: boolean
  /**
   * The command after which the portal sends this one by itself, nobody having asked for it
   * (AUTOMATIC_HEADER): the portal's server records it as the portal's, not the sender's.
   */
  automaticAfter?: Command
}

const renewal = singleFlight<boolean>()

async function post(
  path: string,
  payload: unknown,
  signal?: AbortSignal,
  outcomeInEnvelope = false,
  automaticAfter?: Command,
): Promise<Response> {
  const url = `${getConfig().apiBaseUrl}/${path}`
  return postTo(url, payload, signal, outcomeInEnvelope, automaticAfter)
}

async function postTo(
  url: string,
  payload: unknown,
  signal?: AbortSignal,
  outcomeInEnvelope = false,
  automaticAfter?: Command,
): Promise<Response> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS)
  const language = currentLanguage()
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'Accept-Language': language,
  }
  if (outcomeInEnvelope) headers['cms-dhsc'] = 'true'
  if (automaticAfter) headers[AUTOMATIC_HEADER] = automaticAfter
  const body = JSON.stringify(payload)
  const until = signal ? AbortSignal.any([signal, timeout]) : timeout
  try {
    const early = outcomeInEnvelope ? null : takeEarlyRead(url, body, language)
    return await (early ?? fetch(url, { method: 'POST', headers, body, signal: until }))
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError(timeout.aborted ? 'timeout' : 'network', { cause: error })
  }
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json()
  } catch {
    return undefined
  }
}

function tokenStatusOf(json: unknown): string | null {
  if (typeof json !== 'object' || json === null || !('tokenstatus' in json)) return null
  return typeof json.tokenstatus === 'string' ? json.tokenstatus : null
}

/**
 * Whether an answer ends the session: `tokenstatus` Expired (spec, Errors rule 2: "log in again
 * (Expired)"), or a 401 in the envelope (spec: "the access token was not passed or is
 * invalid"). The portal's server answers every failure, its own and the service's, in the
 * envelope (a bare 401 of the service's too, server/proxy/proxy-answers.ts): a 401 without it is
 * a page of a gateway in front of the portal, which says nothing of the token, and never signs
 * the user out of what they were doing.
 */
function sessionRefused(response: Response, json: unknown): boolean {
  if (tokenStatusOf(json) === 'Expired') return true
  return response.status === 401 && envelopeSchema.safeParse(json).success
}

/** The portal ended the session on purpose: nothing may sign it in again by itself. */
function endedByPortal(json: unknown): boolean {
  return (
    typeof json === 'object' &&
    json !== null &&
    'errorcode' in json &&
    json.errorcode === PORTAL_ERROR_CODES.sessionEnded
  )
}

/**
 * Renews the token once for all answers that said ExpiresSoon about the current token (and for
 * the user who asked to stay signed in). Settles with whether a new token came.
 */
function renew(seenWith: string): Promise<boolean> {
  if (renewal.current) return renewal.current
  if (seenWith !== session.getToken()) return Promise.resolve(false)
  return renewal.run(async () => {
    try {
      const response = await post('user/renewtoken', { token: seenWith })
      const result = authResultSchema.safeParse(await readJson(response))
      if (!response.ok || !result.success || !result.data.success) return false
      if (session.getToken() !== seenWith) return false
      session.replaceToken(result.data.token)
      return true
    } catch {
      // A failed renewal is not fatal: the current token stays valid until it expires.
      return false
    }
  })
}

/** Renews the session's token now (the user chose to stay signed in, or is busy on the page). */
export function renewSession(): Promise<boolean> {
  const token = session.getToken()
  return token ? renew(token) : Promise.resolve(false)
}

/**
 * The failure of an answer in no envelope: a gateway's page in front of the service says it is
 * down (502, 503) or did not hear from it in time (504, which the request may still have reached).
 */
function unenveloped(response: Response): ApiErrorKind {
  if (response.ok) return 'malformed'
  // A 401 page in front of the portal (an SSO gateway's): the service was not reached.
  if (response.status === 401) return 'unavailable'
  if (response.status === 502 || response.status === 503) return 'unavailable'
  return response.status === 504 ? 'timeout' : 'api'
}

/** Turns an answer into the parsed result, or throws the matching ApiError. */
function interpret<S extends z.core.$ZodType>(
  response: Response,
  json: unknown,
  schema: S,
): z.output<S> {
  const envelope = envelopeSchema.safeParse(json)
  const details = {
    status: response.status,
    code: envelope.success ? envelope.data.errorcode : null,
    serverMessage: envelope.success ? envelope.data.errormessage : null,
  }
  if (response.status === 401 && envelope.success) throw new ApiError('unauthorized', details)
  if (response.status === 403) throw new ApiError('forbidden', details)
  if (response.status === 404) throw new ApiError('notFound', details)
  // Rate limits sit in front of the service and answer in their own shape, not the envelope.
  if (response.status === 429) throw new ApiError('rateLimited', details)
  if (!envelope.success) throw new ApiError(unenveloped(response), { status: response.status })
  // An expired token ends the session whichever failure style the answer used.
  if (envelope.data.tokenstatus === 'Expired') throw new ApiError('unauthorized', details)
  if (!envelope.data.success) throw new ApiError('api', details)
  if (!response.ok) throw new ApiError('api', details)
  // Any zod schema will do, classic or mini: the portal's own are mini, to stay small.
  const result = z.safeParse(schema, json)
  if (!result.success)
    throw new ApiError('malformed', { status: response.status, cause: result.error })
  return result.data
}

/**
 * Sends one request. A request that needs a session waits for a renewal under way, and is sent
 * once more with the new token if the old one was refused while it was being renewed.
 */
export async function apiRequest<P extends ApiPath, S extends z.core.$ZodType>(
  path: P,
  body: RequestBody<P>,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const exchanged = exchange(path, body, options)
  prepare(schema)
  const { response, json } = await exchanged
  return interpret(response, json, schema)
}

const prepared = new WeakSet<z.core.$ZodType>()

/**
 * The answers' schemas are built the first time they read something, not at start-up. While
 * a request is on its way, the schema its answer will be read with, and the envelope's, are
 * built in a task of their own, by reading nothing with them: reading the answer then only reads,
 * and the portal's start has no task that does both.
 */
function prepare(schema: z.core.$ZodType) {
  for (const each of [envelopeSchema, schema]) {
    if (prepared.has(each)) continue
    prepared.add(each)
    setTimeout(() => void z.safeParse(each, undefined))
  }
}

async function exchange(
  path: ApiPath,
  body: object,
  options: RequestOptions,
  send = (token: string) =>
    post(
      path,
      { ...body, token },
      options.signal,
      options.outcomeInEnvelope,
      options.automaticAfter,
    ),
): Promise<{ response: Response; json: unknown }> {
  if (PUBLIC_PATHS.has(path)) {
    const response = await post(path, body, options.signal)
    return { response, json: await readJson(response) }
  }
  for (let attempt = 0; ; attempt++) {
    if (renewal.current) await renewal.current
    const token = session.getToken()
    if (!token) throw new ApiError('unauthorized')
    const response = await send(token)
    const isJson = response.headers.get('content-type')?.includes('json') ?? false
    // A copy is read, so the body stays for apiFile when a JSON answer is a file, not the envelope.
    const json = isJson || !response.ok ? await readJson(response.clone()) : undefined
    const status = tokenStatusOf(json)
    const refused = sessionRefused(response, json)
    if (refused) {
      // A renewal retires the old token; its answer may arrive after this refusal it caused.
      if (renewal.current) await renewal.current
      const ended = endedByPortal(json)
      const revive = session.getToken() === token && attempt === 0 && !ended
      if (revive && (await reviveSession(token))) continue
      const current = session.getToken()
      if (current && current !== token && attempt === 0) continue
      if (current === token) session.expire(ended ? 'ended' : 'expired')
    } else if (status === 'ExpiresSoon') {
      void renew(token)
    }
    return { response, json }
  }
}

export interface ApiFile {
  blob: Blob
  contentType: string
  fileName: string | null
}

function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition)
  if (star?.[1]) return decodeURIComponent(star[1])
  const plain = /filename="?([^";]+)"?/i.exec(disposition)
  return plain?.[1] ?? null
}

/** For the endpoints that answer with a file (app image, enrollment profile). */
export async function apiFile<P extends 'app/image' | 'user/mdmprofile'>(
  path: P,
  body: RequestBody<P>,
  options: RequestOptions = {},
): Promise<ApiFile> {
  const { response, json } = await exchange(path, body, options)
  const contentType = response.headers.get('content-type') ?? ''
  // The Android enrollment profile is itself a JSON file; only the envelope means a failure.
  if (!response.ok || envelopeSchema.safeParse(json).success) {
    interpret(response, json, envelopeSchema)
    throw new ApiError('malformed', { status: response.status })
  }
  return {
    blob: await response.blob(),
    contentType,
    fileName: fileNameOf(response.headers.get('content-disposition')),
  }
}

/** Where the portal server hands out one-time links for files. */
const LINKS_URL = '/api/portal/links'

/**
 * An address that a device's own browser opens once, within minutes, to get the enrollment
 * profile or page (the interface's GET form would put the token into the address, the history
 * and the QR code). The portal server keeps the request, token included, under a random id.
 */
export async function apiLink(
  path: 'user/mdmprofile',
  body: RequestBody<'user/mdmprofile'>,
): Promise<string> {
  // Sent with the session like any request: a refused token ends it here too, and a refusal
  // (a gateway's page, the portal server's limit) reads as it does everywhere else.
  const { response, json } = await exchange(path, body, {}, (token) =>
    postTo(LINKS_URL, { path, body: { ...body, token } }),
  )
  return interpret(response, json, linkResultSchema).url
}

/** The portal server's own endpoint that ends a token, so it cannot be used again. */
const SIGN_OUT_URL = '/api/portal/sign-out'

/**
 * The MDM v2 interface has no sign-out, so the portal server ends the token for it: it refuses
 * the token from then on. Sent with `keepalive`, so it is delivered even as the page changes;
 * nothing waits for it, and a failure leaves the token to expire on its own.
 */
export function endServerSession(token: string): void {
  void fetch(SIGN_OUT_URL, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ token }),
    keepalive: true,
  }).catch(() => undefined)
}

/** A request with the session's token to one of the portal server's own routes (`/api/portal/…`). */
async function portalExchange(url: string, body: object, signal?: AbortSignal) {
  if (renewal.current) await renewal.current
  const token = session.getToken()
  if (!token) throw new ApiError('unauthorized')
  const response = await postTo(url, { ...body, token }, signal)
  const isJson = response.headers.get('content-type')?.includes('json') ?? false
  const json = isJson ? await readJson(response.clone()) : undefined
  // The portal's routes refuse an ended session as the service would: the session ends here too.
  if (sessionRefused(response, json) && session.getToken() === token) {
    session.expire(endedByPortal(json) ? 'ended' : 'expired')
  }
  return { response, json }
}

/**
 * A request to one of the portal server's own routes that answer in the service's envelope
 * (the records, the help desk role), parsed with `schema`. Which routes there are is the
 * business of the features and entities that call them.
 */
export async function portalRequest<S extends z.core.$ZodType>(
  url: string,
  body: object,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  const { response, json } = await portalExchange(url, body, options.signal)
  return interpret(response, json, schema)
}

/** A file one of the portal server's own routes answers with (the activity as CSV). */
export async function portalFile(url: string, body: object): Promise<ApiFile> {
  const { response, json } = await portalExchange(url, body)
  if (!response.ok || json !== undefined) {
    interpret(response, json, envelopeSchema)
    throw new ApiError('malformed', { status: response.status })
  }
  return {
    blob: await response.blob(),
    contentType: response.headers.get('content-type') ?? '',
    fileName: fileNameOf(response.headers.get('content-disposition')),
  }
}
