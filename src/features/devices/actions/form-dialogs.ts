/**
 * The action dialogs (and with them the forms' schemas and rich texts), as one chunk that the
 * device page fetches when the user reaches for an action, not with the page.
 */
export { LockDialog } from './lock-dialog'
export { LostModeDialog } from './lost-mode-dialog'
export { PasscodeDialog } from './passcode-dialog'
export { WipeDialog } from './wipe-dialog'
export { SimpleDialog } from './simple-dialog'
