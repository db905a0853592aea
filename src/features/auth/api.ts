import { useMutation } from '@tanstack/react-query'
import { apiRequest } from '../../lib/api/client'
import { authResultSchema } from '../../lib/api/schemas'
import { session } from '../../lib/session'

export interface Credentials {
  email: string
  password: string
}

/** Signs a user account in; the new session starts as soon as the service hands out a token. */
export function useSignIn() {
  return useMutation({
    mutationFn: async ({ email, password }: Credentials) => {
      const result = await apiRequest(
        'user/login',
        { type: 'basic', usertype: 'user', username: email, password },
        authResultSchema,
      )
      session.start(result.token)
    },
  })
}
