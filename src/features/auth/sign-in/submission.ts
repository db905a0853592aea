/**
 * What sending the sign-in form takes: its schema and the request. Loaded when the user starts
 * on the form (see `loadSubmission`), not with the page, so the first page anyone sees is usable
 * before the schema library and the API client have arrived.
 */
import { apiRequest } from '@/lib/api/client'
import { authResultSchema } from '@contract/schemas'
import { keepDraftOnlyFor } from '@/entities/user/draft'
import { session } from '@/lib/session'
import { rememberSignedInAs } from '@/entities/user/signed-in-as'
import { AS_EMPLOYEE, type SignInAs, type SignInValues } from './sign-in-fields'

export { signInSchema } from './sign-in-schema'

/**
 * Signs an employee or an administrator in; the new session starts as soon as the service hands
 * out a token. An administrator names the tenant (`mtcid`) only when one is given.
 */
export async function requestSignIn(
  { email, password }: SignInValues,
  as: SignInAs = AS_EMPLOYEE,
): Promise<void> {
  const tenant = as.tenant.trim()
  const result = await apiRequest(
    'user/login',
    {
      type: 'basic',
      usertype: as.admin ? 'admin' : 'user',
      username: email,
      password,
      ...(as.admin && tenant ? { mtcid: tenant } : {}),
    },
    authResultSchema,
  )
  // What someone else left in this tab when their session ended is not for this user.
  keepDraftOnlyFor(email)
  rememberSignedInAs({ email: email.trim(), admin: as.admin, tenant: as.admin ? tenant : '' })
  session.start(result.token, as.admin ? 'admin' : 'user')
}
