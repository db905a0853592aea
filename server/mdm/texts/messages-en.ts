import type { ErrorCodeName } from '../../../contract/error-codes.ts'
import type { FieldReason } from '../http/failure.ts'

/** English texts of the service; the German ones must have exactly the same keys. */
export interface Messages {
  codes: Record<ErrorCodeName, string>
  reasons: Record<FieldReason, string>
  warnings: { groupTemplateMissing: string; invitationNotDelivered: string }
}

export const MESSAGES_EN: Messages = {
  codes: {
    malformedJson: 'The request body is not a valid JSON object.',
    wrongContentType: 'The request body must be sent as application/json.',
    invalidField: 'The field "{field}" {reason}.',
    bodyTooLarge: 'The request body is larger than 1 MB.',
    unknownEndpoint: 'This endpoint does not exist.',
    internalError: 'An internal error occurred. Please try again later.',
    deviceNotFound: 'The device was not found.',
    deviceIdentifierInvalid: 'Name the device by exactly one of clientid, imei and serialnumber.',
    actionNotAvailable: 'The action "{action}" is not available on this device.',
    macPinInvalid: "A Mac's macpin is exactly 6 digits.",
    lostModeContactRequired: 'Lost mode needs a message or a phone number.',
    androidPasswordRequired: 'Android devices need a password for this action.',
    appNotFound: 'The app was not found.',
    appImageNotFound: 'The app has no image.',
    appNotAssigned: 'The app is not assigned to this device or its user.',
    appNotCompatible: 'The app is not compatible with this device.',
    unauthorized: 'Authentication failed: send a valid access token or API key.',
    tokenExpired: 'The access token has expired. Please log in again.',
    forbidden: 'This action is not allowed for this kind of account.',
    invalidResetToken: 'The link to reset the password is invalid, already used or expired.',
    wrongCredentials: 'The user name or the password is wrong.',
    accountLocked:
      'The account is locked after too many wrong passwords. An administrator can unlock it.',
    accountNotActivated:
      'The account is not activated yet. Use the link in the invitation e-mail to set a password.',
    identityProviderNotConfigured: 'Sign-in with Microsoft is not configured for this service.',
    mtcidRequired:
      'This administrator has access to several tenants: send the tenant id in the field "mtcid".',
    tenantNotAccessible: 'No access to the tenant "{mtcid}".',
    userNotFound: 'The user was not found.',
    userAlreadyExists: 'A user with the e-mail address {email} already exists.',
    passwordsDoNotMatch: 'The new password and its confirmation do not match.',
    passwordTooWeak:
      'The password must have at least 8 characters, with at least one letter and one digit.',
    oldPasswordWrong: 'The current password is wrong.',
    managedAppleIdRequired:
      'A personal Apple device can only be enrolled once a managed Apple ID is set for the user.',
    identityTokenInvalid: 'The identity token is not valid for this service.',
    identityTokenExpired: 'The identity token has expired. Please sign in again.',
    identityWrongIssuer: 'The identity token comes from another organisation (issuer "{issuer}").',
    identityAccountUnknown: 'The account {email} is not a user of this service.',
    identityProviderUnavailable: 'The identity provider cannot be reached. Please try again later.',
  },
  reasons: {
    missing: 'is missing',
    text: 'must be a string',
    boolean: 'must be true or false',
    number: 'must be a number',
    integer: 'must be a whole number',
    object: 'must be an object',
    oneOf: 'must be one of: {values}',
    notEmpty: 'must not be empty',
    tooLong: 'is too long',
    email: 'must be an e-mail address',
    dateTime: 'must be a date (YYYY-MM-DD) or an ISO 8601 date-time',
    invalid: 'has an invalid value',
  },
  warnings: {
    groupTemplateMissing:
      'The group template {id} does not exist; the user was added to the default group.',
    invitationNotDelivered:
      'The user was created, but the invitation e-mail to {email} could not be delivered.',
  },
}
