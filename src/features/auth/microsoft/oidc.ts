/**
 * Sign-in with Microsoft: the authorization code flow with PKCE through oidc-client-ts, a full
 * page redirect to the provider and back to the sign-in page, then `user/login` with the identity
 * token. Loaded only when the user presses the button or the provider's answer comes back.
 *
 * oidc-client-ts rather than MSAL: MSAL refuses any authority that is not https, so it cannot
 * talk to the local provider of the demo and the tests; this library speaks plain OpenID Connect
 * to Entra ID and to that provider alike (see docs/microsoft.md).
 */
import { ErrorResponse, ErrorTimeout, UserManager, WebStorageStateStore } from 'oidc-client-ts'
import { isApiError } from '@/lib/api/api-error'
import { apiRequest } from '@/lib/api/client'
import { ERROR_CODES } from '@contract/error-codes'
import { authResultSchema } from '@contract/schemas'
import { getConfig } from '@/lib/config'
import { currentLanguage } from '@/lib/i18n'
import { routes } from '@/lib/paths'
import { session } from '@/lib/session'
import { readSignedInAs, rememberSignedInAs } from '@/entities/user/signed-in-as'
import { MicrosoftSignInError } from './failure'

let manager: UserManager | null = null

/**
 * Every request to the provider gives up after this, as the service's do (lib/api/client.ts):
 * a provider that takes the request and never answers must not keep the user waiting forever.
 */
const PROVIDER_TIMEOUT_S = 30

function userManager(): UserManager {
  const settings = getConfig().microsoft
  if (!settings) throw new MicrosoftSignInError('failed', { code: 'not_configured' })
  // Per tab, like the portal's own session: nothing outlives the tab or reaches another.
  const store = new WebStorageStateStore({ store: window.sessionStorage })
  manager ??= new UserManager({
    authority: settings.authority,
    client_id: settings.clientId,
    redirect_uri: new URL(routes.login, window.location.origin).href,
    response_type: 'code',
    // The code comes back after the #, so it never reaches a server or its logs.
    response_mode: 'fragment',
    // offline_access: a refresh token, for signing in again silently when the session expires.
    scope: 'openid profile email offline_access',
    loadUserInfo: false,
    automaticSilentRenew: false,
    monitorSession: false,
    // Its discovery, the code's exchange and the renewal; without it the library waits forever.
    requestTimeoutInSeconds: PROVIDER_TIMEOUT_S,
    silentRequestTimeoutInSeconds: PROVIDER_TIMEOUT_S,
    stateStore: store,
    userStore: store,
  })
  return manager
}

/** Entra ID's codes for an account or an app registration of another tenant. */
const WRONG_TENANT = /AADSTS(50020|50194|700016|90072|500011)\b/

/** Who signs in: an employee, or an administrator (with the tenant when they named one). */
export interface MicrosoftSignInAs {
  admin: boolean
  tenant: string
}

/** Kept in the sign-in's state while the browser is at the provider. */
function asFrom(state: unknown): MicrosoftSignInAs {
  if (typeof state !== 'object' || state === null) return { admin: false, tenant: '' }
  const { admin, tenant } = state as Record<string, unknown>
  return { admin: admin === true, tenant: typeof tenant === 'string' ? tenant : '' }
}

function stateFrom(state: unknown): string | null {
  return typeof state === 'object' && state !== null && 'from' in state
    ? typeof state.from === 'string'
      ? state.from
      : null
    : null
}

/** The provider's or the service's refusal, as a reason the sign-in page can explain. */
function failureOf(error: unknown, from: string | null, account: string | null) {
  if (error instanceof MicrosoftSignInError) return error
  if (error instanceof ErrorResponse) {
    const options = { code: error.error, from: stateFrom(error.state) ?? from, cause: error }
    if (error.error === 'access_denied') return new MicrosoftSignInError('cancelled', options)
    if (WRONG_TENANT.test(error.error_description ?? '')) {
      return new MicrosoftSignInError('wrongTenant', options)
    }
    return new MicrosoftSignInError('failed', options)
  }
  if (isApiError(error)) {
    const options = { code: error.code, from, account, cause: error }
    if (error.code === ERROR_CODES.identityAccountUnknown) {
      return new MicrosoftSignInError('unknownAccount', options)
    }
    if (error.code === ERROR_CODES.identityWrongIssuer) {
      return new MicrosoftSignInError('wrongTenant', options)
    }
    // The service's own failures (rate limit, unreachable service) keep their usual texts.
    return error
  }
  // fetch rejects with a TypeError when the provider cannot be reached at all.
  if (error instanceof TypeError || error instanceof ErrorTimeout) {
    return new MicrosoftSignInError('unreachable', { from, cause: error })
  }
  return new MicrosoftSignInError('failed', { from, cause: error })
}

/** Trades the identity token for the service's access token, as a user or an administrator. */
async function signInToService(
  idToken: string,
  account: string | null,
  as: MicrosoftSignInAs,
  signal?: AbortSignal,
): Promise<string> {
  const tenant = as.tenant.trim()
  const result = await apiRequest(
    'user/login',
    {
      type: 'microsoft',
      usertype: as.admin ? 'admin' : 'user',
      ...(account ? { username: account } : {}),
      ...(as.admin && tenant ? { mtcid: tenant } : {}),
      token: idToken,
    },
    authResultSchema,
    { signal },
  )
  return result.token
}

function accountOf(profile: { preferred_username?: string; email?: string }): string | null {
  return profile.preferred_username ?? profile.email ?? null
}

/** Leaves for the provider; `anotherAccount` asks it to offer a choice of account. */
export async function startSignIn(
  from: string | null,
  anotherAccount = false,
  as: MicrosoftSignInAs = { admin: false, tenant: '' },
): Promise<void> {
  try {
    const settings = getConfig().microsoft
    const microsoftHost = settings && /\.microsoftonline\./.test(new URL(settings.authority).host)
    await userManager().signinRedirect({
      state: { from, ...as },
      ui_locales: currentLanguage(),
      // Entra ID offers its account picker; a generic provider asks for the sign-in again.
      ...(anotherAccount ? { prompt: microsoftHost ? 'select_account' : 'login' } : {}),
    })
  } catch (error) {
    throw failureOf(error, from, null)
  }
}

/**
 * Reads the provider's answer from the address, signs in to the service and starts the
 * session. Resolves with where the user was going; `onAnswerRead` runs once the address has
 * been read, so the page can tidy it up while the service is asked.
 */
export async function completeSignIn(
  url: string,
  onAnswerRead: (from: string | null) => void,
): Promise<void> {
  const users = userManager()
  let from: string | null = null
  let account: string | null = null
  let read = false
  try {
    const user = await users.signinCallback(url)
    from = stateFrom(user?.state)
    read = true
    onAnswerRead(from)
    if (!user?.id_token) throw new MicrosoftSignInError('failed', { code: 'no_id_token', from })
    account = accountOf(user.profile)
    const as = asFrom(user.state)
    const token = await signInToService(user.id_token, account, as)
    if (as.admin && account) rememberSignedInAs({ email: account, admin: true, tenant: as.tenant })
    session.start(token, as.admin ? 'admin' : 'user')
  } catch (error) {
    await users.removeUser().catch(() => undefined)
    const failure = failureOf(error, from, account)
    if (!read) onAnswerRead(failure instanceof MicrosoftSignInError ? failure.from : null)
    throw failure
  }
}

/**
 * When the service's session has expired: a new identity token through the refresh token, then
 * a new session. Null when there is no Microsoft sign-in in this tab, the provider says no or
 * does not answer in time, or `signal` gave the renewal up meanwhile. A renewal that did not
 * come through forgets the sign-in: the provider may have taken the refresh token already
 * (it rotates them), and offering it again would make it end the whole sign-in.
 */
export async function renewSignIn(signal: AbortSignal): Promise<string | null> {
  const users = userManager()
  const user = await users.getUser()
  if (!user?.refresh_token) return null
  try {
    // Named here: called without it, the library drops its own limit for the refresh request.
    const renewed = await users.signinSilent({
      silentRequestTimeoutInSeconds: PROVIDER_TIMEOUT_S,
    })
    signal.throwIfAborted()
    if (!renewed?.id_token) return null
    const signedInAs = readSignedInAs()
    const as = {
      admin: session.getRole() === 'admin',
      tenant: signedInAs?.admin ? signedInAs.tenant : '',
    }
    return await signInToService(renewed.id_token, accountOf(renewed.profile), as, signal)
  } catch {
    await users.removeUser().catch(() => undefined)
    return null
  }
}
