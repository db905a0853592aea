/**
 * The eight-digit `errorcode` values of the MDM v2 API (spec: mdm-api-v2.md "Errors").
 *
 * The spec leaves the values open. Two codes are the real service's (api-facts.md): `02200021`
 * and `03100004`. The others follow the same pattern, grouped by area:
 * `010xxxxx` request, `021xxxxx` device, `022xxxxx` app, `031xxxxx` user and authentication.
 * The reference server answers with exactly these codes; the portal maps them to its own
 * localized texts and falls back to the server's `errormessage` for codes it does not know.
 */
export const ERROR_CODES = {
  // --- Request ---------------------------------------------------------------------------
  /** The body is not valid JSON, or not a JSON object. */
  malformedJson: '01000001',
  /** A non-empty body was sent with a content type other than application/json. */
  wrongContentType: '01000002',
  /** A field has the wrong type, an invalid value or is missing; the message names the field. */
  invalidField: '01000003',
  /** The body is larger than 1 MB. */
  bodyTooLarge: '01000004',
  /** No endpoint exists at this path (HTTP 404). */
  unknownEndpoint: '01000005',
  /** Something failed inside the service (HTTP 500); nothing about the cause is disclosed. */
  internalError: '01000099',

  // --- Device ----------------------------------------------------------------------------
  /** No device with this identifier is within the caller's reach (HTTP 404). */
  deviceNotFound: '02100001',
  /** A device must be named by exactly one of clientid, imei, serialnumber. */
  deviceIdentifierInvalid: '02100002',
  /** The action is not available on this device (`actions.<name>.visible` is false). */
  actionNotAvailable: '02100003',
  /** macOS lock and full wipe need a macpin of exactly 6 digits. */
  macPinInvalid: '02100004',
  /** Enabling lost mode needs a message or a phone number (Device rule 3). */
  lostModeContactRequired: '02100005',
  /** Android needs a password for lost mode and for a passcode reset (Device rules 3 and 6). */
  androidPasswordRequired: '02100006',

  // --- App -------------------------------------------------------------------------------
  /** No app with this id is within the caller's reach (HTTP 404). */
  appNotFound: '02200001',
  /** The app has no image (HTTP 404). */
  appImageNotFound: '02200002',
  /** The app is not assigned to the device or its user (App rule 1). */
  appNotAssigned: '02200020',
  /** The app is not compatible with the device (App rule 1). Real code. */
  appNotCompatible: '02200021',

  // --- User and authentication -----------------------------------------------------------
  /** No access token or API key was sent, or it is unknown (HTTP 401). */
  unauthorized: '03100001',
  /** The access token has expired; log in again (HTTP 401). */
  tokenExpired: '03100002',
  /** The endpoint is not open to this kind of account, user or administrator (HTTP 403). */
  forbidden: '03100003',
  /** The reset password token is unknown, already used or expired. Real code. */
  invalidResetToken: '03100004',
  /** User name or password is wrong. */
  wrongCredentials: '03100005',
  /** Too many wrong passwords: the account is locked for an hour. */
  accountLocked: '03100006',
  /** The account was invited but has no password yet; the invitation link sets one. */
  accountNotActivated: '03100007',
  /** Login with `type: microsoft` while no identity provider is configured. */
  identityProviderNotConfigured: '03100008',
  /** The administrator reaches several tenants, so mtcid is mandatory (Authentication rule 5). */
  mtcidRequired: '03100009',
  /** The administrator has no access to the tenant named by mtcid (HTTP 403). */
  tenantNotAccessible: '03100010',
  /** No user with this sid exists in the tenant (HTTP 404). */
  userNotFound: '03100011',
  /** A user with this e-mail address already exists. */
  userAlreadyExists: '03100012',
  /** New password and its confirmation differ. */
  passwordsDoNotMatch: '03100013',
  /** The new password needs at least 8 characters with at least one letter and one digit. */
  passwordTooWeak: '03100014',
  /** The old password is wrong (change password). */
  oldPasswordWrong: '03100015',
  /** An Apple BYOD (User Enrollment) profile needs a managed Apple ID on the user record. */
  managedAppleIdRequired: '03100016',
  /** The identity token is not one of the provider's: bad signature, wrong audience, malformed. */
  identityTokenInvalid: '03100017',
  /** The identity token is past its expiry; the portal asks the provider for a new one. */
  identityTokenExpired: '03100018',
  /** The identity token comes from another issuer (another Entra ID tenant). */
  identityWrongIssuer: '03100019',
  /** The identity token is valid, but its account is not a user of this service. */
  identityAccountUnknown: '03100020',
  /** The service could not fetch the identity provider's signing keys. */
  identityProviderUnavailable: '03100021',
} as const

/**
 * Codes the portal's own server answers with, in the same envelope, before a request reaches
 * the MDM service, in a group of their own (`019xxxxx`). Kept apart from ERROR_CODES, which are
 * the service's.
 */
export const PORTAL_ERROR_CODES = {
  /** Too many sign-in or forgot-password attempts from one address (HTTP 429, Retry-After). */
  tooManyRequests: '01900001',
  /** The portal could not reach the MDM service it stands in front of (HTTP 502). */
  serviceUnavailable: '01900002',
  /** The MDM service did not answer in time (HTTP 504). */
  serviceTimeout: '01900003',
  /** The portal's records (activity, sign-ins, sessions) cannot be read right now (HTTP 503). */
  recordsUnavailable: '01900004',
  /** The records have no session for this token: it was not signed in through this portal. */
  recordsNoSession: '01900005',
  /** The help desk role of the signed-in administrator does not allow this action (HTTP 403). */
  roleForbidden: '01900006',
  /** The administrator has no help desk role in the operator's roles file (HTTP 403). */
  noHelpdeskRole: '01900007',
  /** An API key was sent from a web browser, where it must never be (HTTP 403). */
  apiKeyFromBrowser: '01900008',
  /** An API key the operator's roles file does not name: integrations call the service (403). */
  apiKeyNotNamed: '01900009',
  /**
   * The service (or a gateway in front of it) failed, with a status of 500 or above other than
   * 502, 503 and 504, and an answer that is not its envelope (an error page, a body that cannot
   * be read): it did not say whether it did what was asked. Its own status is kept.
   */
  serviceFailed: '01900010',
  /**
   * The portal's own server failed with the request (an exception of its own, HTTP 500), not the
   * service: it cannot say whether the request reached the service, nor what the service did.
   * Never the service's `01000099`, which is the service's own failure in its envelope.
   */
  portalFailed: '01900011',
  /**
   * The portal ended this session on purpose: signed out (here, or from another browser on the
   * account page), or the account's password changed (HTTP 401, `tokenstatus` Expired). Unlike
   * an expiry, nothing signs it in again without the user.
   */
  sessionEnded: '01900012',
} as const

/**
 * Whether an answer's code is the portal's own in the service's stead, not knowing what the
 * service did with the request: the service did not answer in time (or before the portal
 * stopped), could not be reached, its answer could not be read, or it failed without its
 * envelope; or the portal itself failed on its way (`portalFailed`). A command so answered may
 * have been taken all the same.
 */
export function isLostAnswer(code: string | null | undefined): boolean {
  return (
    code === PORTAL_ERROR_CODES.serviceTimeout ||
    code === PORTAL_ERROR_CODES.serviceUnavailable ||
    code === PORTAL_ERROR_CODES.serviceFailed ||
    code === PORTAL_ERROR_CODES.portalFailed
  )
}

export type ErrorCodeName = keyof typeof ERROR_CODES

/**
 * Refusals a record of what was done says the reason of, as the panel or dialog that sent them
 * did, by their words under `outcome` in locales/<language>/records.json (screens and CSV alike):
 * the portal's own for the sender's help desk role, an app request's (App rule 1), an invitation
 * of an address that has a user, a deletion of a user the tenant does not have.
 */
const REFUSAL_WORDS = {
  [PORTAL_ERROR_CODES.roleForbidden]: 'refusedRole',
  [ERROR_CODES.appNotAssigned]: 'refusedNotAssigned',
  [ERROR_CODES.appNotCompatible]: 'refusedNotCompatible',
  [ERROR_CODES.userAlreadyExists]: 'refusedUserExists',
  [ERROR_CODES.userNotFound]: 'refusedNoSuchUser',
} as const

export type RefusalWords = (typeof REFUSAL_WORDS)[keyof typeof REFUSAL_WORDS]

/** The words of a refusal that says why, by its answer's code; null for any other. */
export function refusalWords(code: string | null): RefusalWords | null {
  return Object.hasOwn(REFUSAL_WORDS, code ?? '')
    ? REFUSAL_WORDS[code as keyof typeof REFUSAL_WORDS]
    : null
}
