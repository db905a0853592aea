import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { currentUserQuery } from '@/entities/user/queries'
import { clearDraft, readDraft, saveDraft } from '@/lib/draft'
import { session } from '@/lib/session'

/** The action dialogs whose drafts come back after signing in again. */
export const DRAFT_DIALOGS = ['lock', 'lostModeOn', 'passcode', 'wipe'] as const
export type DraftDialog = (typeof DRAFT_DIALOGS)[number]

/** The dialog that was open on this device when the session ended, if any. */
export function draftDialogFor(clientId: string): DraftDialog | null {
  const draft = readDraft()
  if (!draft || draft.owner !== clientId) return null
  return DRAFT_DIALOGS.find((dialog) => dialog === draft.dialog) ?? null
}

/** The form's first values: what the draft kept of the fields named in `kept`, else `initial`. */
export const draftValues =
  <V extends Record<string, string>>(
    dialog: DraftDialog,
    clientId: string,
    kept: readonly (keyof V & string)[],
  ) =>
  (initial: V): V => {
    const draft = readDraft()
    if (!draft || draft.owner !== clientId || draft.dialog !== dialog) return initial
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
  clientId: string,
  open: boolean,
  values: V,
  kept: readonly (keyof V & string)[],
) {
  const user = useQuery(currentUserQuery()).data?.email
  const keptValues = JSON.stringify(kept.map((field) => [field, values[field]]))
  useEffect(() => {
    if (!open || !user) return
    const entries: [string, string][] = JSON.parse(keptValues)
    saveDraft({ user, owner: clientId, dialog, values: Object.fromEntries(entries) })
    return () => {
      if (session.isSignedIn()) clearDraft()
    }
  }, [open, user, clientId, dialog, keptValues])
}
