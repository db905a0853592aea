/**
 * What sending the sign-in form takes: its schema and the request. Loaded when the user starts
 * on the form (see `loadSubmission`), not with the page, so the first page anyone sees is usable
 * before the schema library and the API client have arrived.
 */
import { apiRequest } from '../../lib/api/client'
import { authResultSchema } from '../../lib/api/schemas'
import { keepDraftOnlyFor } from '../../lib/draft'
import { session } from '../../lib/session'
import type { SignInValues } from './sign-in-fields'

export { signInSchema } from './sign-in-schema'

/** Signs a user account in; the new session starts as soon as the service hands out a token. */
export async function requestSignIn({ email, password }: SignInValues): Promise<void> {
  const result = await apiRequest(
    'user/login',
    { type: 'basic', usertype: 'user', username: email, password },
    authResultSchema,
  )
  // What someone else left in this tab when their session ended is not for this user.
  keepDraftOnlyFor(email)
  session.start(result.token)
}
