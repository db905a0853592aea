import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { clearDraft, readDraft, saveDraft } from './draft'
import { session } from '@/lib/session'
import { currentUserQuery } from './queries'

/**
 * The dialogs whose drafts come back after signing in again: the device's actions, and the help
 * desk's invitation and deletion of a user. Every dialog with typing is here; what a dialog
 * leaves out of its draft (a password, a PIN, a typed confirmation) is typed afresh.
 */
export const DRAFT_DIALOGS = [
  'lock',
  'lostModeOn',
  'passcode',
  'wipe',
  'invite',
  'deleteUser',
] as const
export type DraftDialog = (typeof DRAFT_DIALOGS)[number]

/** The dialog that was open for `owner` (a device's client id, a user's sid) when the session ended. */
export function draftDialogFor<D extends DraftDialog>(
  owner: string,
  dialogs: readonly D[],
): D | null {
  const draft = readDraft()
  if (!draft || draft.owner !== owner) return null
  return dialogs.find((dialog) => dialog === draft.dialog) ?? null
}

/** The form's first values: what the draft kept of the fields named in `kept`, else `initial`. */
export const draftValues =
  <V extends Record<string, string>>(
    dialog: DraftDialog,
    owner: string,
    kept: readonly (keyof V & string)[],
  ) =>
  (initial: V): V => {
    const draft = readDraft()
    if (!draft || draft.owner !== owner || draft.dialog !== dialog) return initial
    const values: V = { ...initial }
    for (const field of kept) {
      const value = draft.values[field]
      if (value !== undefined) values[field] = value as V[typeof field]
    }
    return values
  }

/**
 * Keeps the open dialog's draft (only the fields in `kept`: never passwords, PINs or a typed
 * confirmation) while it is open. Closing it, or leaving the page while still signed in, drops
 * the draft; the session ending keeps it for the way back.
 */
export function useDraft<V extends Record<string, string>>(
  dialog: DraftDialog,
  owner: string,
  open: boolean,
  values: V,
  kept: readonly (keyof V & string)[],
) {
  const user = useQuery(currentUserQuery()).data?.email
  const keptValues = JSON.stringify(kept.map((field) => [field, values[field]]))
  useEffect(() => {
    if (!open || !user) return
    const entries: [string, string][] = JSON.parse(keptValues)
    saveDraft({ user, owner, dialog, values: Object.fromEntries(entries) })
    return () => {
      if (session.isSignedIn()) clearDraft()
    }
  }, [open, user, owner, dialog, keptValues])
}
