/**
 * What the user was in the middle of when the session ran out: one dialog's draft (which
 * dialog, for which device, the harmless fields typed so far), so that signing in again brings
 * it back instead of an empty page. Never a password, PIN or typed confirmation: the dialogs
 * leave those out, and a wipe is confirmed afresh.
 *
 * Kept in sessionStorage (this tab only, gone with it; never localStorage) and tied to the
 * user's e-mail address: signing in as someone else, or signing out on purpose, discards it.
 * Nothing is ever sent from a draft; the user presses the button again.
 */
import { session } from '@/lib/session'

interface Draft {
  /** The signed-in user's e-mail address, lower case. */
  user: string
  /** Whose dialog it is, e.g. a device's client id. */
  owner: string
  dialog: string
  values: Record<string, string>
}

const KEY = 'mdm.draft'

function isDraft(value: unknown): value is Draft {
  if (typeof value !== 'object' || value === null) return false
  const { user, owner, dialog, values } = value as Record<string, unknown>
  return (
    typeof user === 'string' &&
    typeof owner === 'string' &&
    typeof dialog === 'string' &&
    typeof values === 'object' &&
    values !== null &&
    Object.values(values).every((field) => typeof field === 'string')
  )
}

export function readDraft(): Draft | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null')
    return isDraft(value) ? value : null
  } catch {
    return null
  }
}

export function saveDraft(draft: Draft): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ ...draft, user: draft.user.toLowerCase() }))
  } catch {
    // Without storage the draft is simply not kept.
  }
}

export function clearDraft(): void {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // Nothing was kept.
  }
}

/** After a sign-in: a draft of another user goes, unread. */
export function keepDraftOnlyFor(email: string): void {
  const draft = readDraft()
  if (draft && draft.user !== email.trim().toLowerCase()) clearDraft()
}

// Signing out on purpose means leaving; only an expiry keeps the draft for the way back.
session.onEnd((reason) => {
  if (reason === 'signedOut') clearDraft()
})
