import { User } from 'oidc-client-ts'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setConfig } from '@/lib/config'
import { session } from '@/lib/session'
import { renewSignIn } from './oidc'

/**
 * The silent renewal of a Microsoft sign-in against a provider that answers late, never, or
 * refuses a refresh token it has already taken (providers rotate them: each works once). Every
 * page request of the user waits on the renewal, so it must end, one way or the other.
 */
const AUTHORITY = 'https://login.example.com/tenant/v2.0'
const CLIENT_ID = 'device-portal'
const TOKEN_ENDPOINT = `${AUTHORITY}/oauth2/token`
/** Where oidc-client-ts keeps this tab's sign-in. */
const USER_KEY = `oidc.user:${AUTHORITY}:${CLIENT_ID}`

function base64url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
}

/** The library reads an identity token's claims; the service checks its signature. */
function idToken(iat: number): string {
  const claims = { sub: 'anna', iat, exp: iat + 3600, preferred_username: 'anna@example.com' }
  return `${base64url({ alg: 'RS256' })}.${base64url(claims)}.signature`
}

function signedIn(refreshToken: string) {
  const user = new User({
    id_token: idToken(1),
    access_token: 'provider-access-1',
    refresh_token: refreshToken,
    token_type: 'Bearer',
    scope: 'openid profile email offline_access',
    profile: { sub: 'anna', iss: AUTHORITY, aud: CLIENT_ID, exp: 3601, iat: 1 },
  })
  sessionStorage.setItem(USER_KEY, user.toStorageString())
}

function json(body: object, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  })
}

/** An answer that never comes: only the caller's giving up ends the wait, as with a real fetch. */
function never(init: RequestInit | undefined): Promise<Response> {
  return new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    )
  })
}

type Answer = (init: RequestInit | undefined) => Promise<Response>

/** The provider (discovery and token endpoint) and the service's `user/login`. */
function serve(answers: { discovery?: Answer; token?: Answer }) {
  const asked: string[] = []
  const refreshTokens: string[] = []
  let tokenAsked: () => void = () => undefined
  const tokenRequest = new Promise<void>((resolve) => (tokenAsked = resolve))
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input)
      asked.push(url)
      if (url === `${AUTHORITY}/.well-known/openid-configuration`) {
        return (
          answers.discovery ??
          (async () => json({ issuer: AUTHORITY, token_endpoint: TOKEN_ENDPOINT }))
        )(init)
      }
      if (url === TOKEN_ENDPOINT) {
        refreshTokens.push(new URLSearchParams(String(init?.body)).get('refresh_token') ?? '')
        tokenAsked()
        return (answers.token ?? never)(init)
      }
      if (url.endsWith('/user/login')) {
        return json({ success: true, errorcode: null, errormessage: null, token: 'service-2' })
      }
      return json({}, 404)
    }),
  )
  return { asked, refreshTokens, tokenRequest }
}

/** The outcome so far: undefined while the renewal is still waiting. */
function watch(renewal: Promise<string | null>) {
  const outcome: { value?: string | null } = {}
  void renewal.then((value) => (outcome.value = value))
  return outcome
}

const renewedAnswer = async () =>
  json({
    access_token: 'provider-access-2',
    token_type: 'Bearer',
    expires_in: 3600,
    id_token: idToken(2),
    refresh_token: 'refresh-2',
    scope: 'openid profile email offline_access',
  })

beforeEach(() => {
  setConfig({ apiBaseUrl: '/api/mdm/v2', microsoft: { clientId: CLIENT_ID, authority: AUTHORITY } })
  session.start('service-1')
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  session.expire()
  // The files of a worker share their modules: the next one starts without Microsoft.
  setConfig({})
})

describe('renewing a Microsoft sign-in', () => {
  it('trades the refresh token for a new identity token and the service for a new session', async () => {
    signedIn('refresh-1')
    const provider = serve({ token: renewedAnswer })
    await expect(renewSignIn(new AbortController().signal)).resolves.toBe('service-2')
    expect(provider.refreshTokens).toEqual(['refresh-1'])
    // The rotated refresh token is the one kept for the next renewal.
    expect(JSON.parse(sessionStorage.getItem(USER_KEY) ?? '{}')).toMatchObject({
      refresh_token: 'refresh-2',
    })
  })

  it('gives up on a provider that takes the requests and never answers, and forgets the sign-in', async () => {
    vi.useFakeTimers()
    // First the provider's discovery document never comes...
    signedIn('refresh-1')
    serve({ discovery: never })
    const unanswered = watch(renewSignIn(new AbortController().signal))
    await vi.advanceTimersByTimeAsync(30_000)
    expect(unanswered.value).toBeNull()

    // ...then, found, its token endpoint never answers the renewal.
    signedIn('refresh-1')
    const provider = serve({})
    const renewal = watch(renewSignIn(new AbortController().signal))
    await provider.tokenRequest
    await vi.advanceTimersByTimeAsync(30_000)
    expect(renewal.value).toBeNull()
    // The provider may have taken that refresh token: it is not offered again.
    expect(sessionStorage.getItem(USER_KEY)).toBeNull()
    expect(provider.asked.some((url) => url.endsWith('/user/login'))).toBe(false)
  })

  it('ends on a refresh token the provider has already taken, and never offers it again', async () => {
    signedIn('refresh-1')
    serve({
      token: async () =>
        json({ error: 'invalid_grant', error_description: 'refresh token already used' }, 400),
    })
    await expect(renewSignIn(new AbortController().signal)).resolves.toBeNull()
    expect(sessionStorage.getItem(USER_KEY)).toBeNull()
    await expect(renewSignIn(new AbortController().signal)).resolves.toBeNull()
  })

  it('keeps nothing of a renewal that was given up while the provider was answering', async () => {
    signedIn('refresh-1')
    const giveUp = new AbortController()
    let answer: () => void = () => undefined
    const provider = serve({
      token: () => new Promise((resolve) => (answer = () => void renewedAnswer().then(resolve))),
    })
    const renewal = renewSignIn(giveUp.signal)
    await provider.tokenRequest
    giveUp.abort()
    answer()
    await expect(renewal).resolves.toBeNull()
    expect(provider.asked.some((url) => url.endsWith('/user/login'))).toBe(false)
    expect(sessionStorage.getItem(USER_KEY)).toBeNull()
  })
})
