import { z } from 'zod/mini'

/**
 * What another page tells the sign-in page through the history entry's state, so the notice
 * neither shows up in the address bar nor survives into a bookmark.
 */
const noticeStateSchema = z.object({ signInNotice: z.enum(['passwordReset', 'passwordSet']) })
export type PassedNotice = z.output<typeof noticeStateSchema>['signInNotice']

export function signInNoticeState(notice: PassedNotice): z.input<typeof noticeStateSchema> {
  return { signInNotice: notice }
}

export function readSignInNotice(state: unknown): PassedNotice | null {
  const parsed = noticeStateSchema.safeParse(state)
  return parsed.success ? parsed.data.signInNotice : null
}
