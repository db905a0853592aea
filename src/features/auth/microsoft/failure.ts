/**
 * Why a sign-in with Microsoft did not work, in the words the sign-in page uses. Kept apart from
 * the provider's library (oidc.ts), so the page can name a reason without loading it.
 */
export type MicrosoftFailureReason =
  /** The user cancelled at the provider (`access_denied`). */
  | 'cancelled'
  /** The provider knows the account, the device service does not. */
  | 'unknownAccount'
  /** The account belongs to another organisation (another Entra ID tenant). */
  | 'wrongTenant'
  /** The provider could not be reached (network, discovery document, token endpoint). */
  | 'unreachable'
  /** Anything else the provider or the service refused; the code goes into the message. */
  | 'failed'

export class MicrosoftSignInError extends Error {
  override readonly name = 'MicrosoftSignInError'

  constructor(
    readonly reason: MicrosoftFailureReason,
    options: {
      /** The provider's or the service's error code, shown to help the help desk. */
      code?: string | null
      /** The account the provider signed in, when known. */
      account?: string | null
      /** Where the user was going, to keep for the next attempt. */
      from?: string | null
      cause?: unknown
    } = {},
  ) {
    super(reason, { cause: options.cause })
    this.code = options.code ?? null
    this.account = options.account ?? null
    this.from = options.from ?? null
  }

  readonly code: string | null
  readonly account: string | null
  readonly from: string | null
}

/** Whether the address is the provider's answer to a sign-in (code or error, and our state). */
export function isSignInResponse(hash: string): boolean {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  return params.has('state') && (params.has('code') || params.has('error'))
}
