import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api/client'
import type { RequestBody } from '@contract/requests'
import { emptyResultSchema, resetPasswordInfoResultSchema } from '@contract/schemas'
import { useSingleFlightMutation } from '@/lib/single-flight-mutation'

const passwordKeys = {
  all: ['password'] as const,
  resetInfo: (token: string) => [...passwordKeys.all, 'resetInfo', token] as const,
}

/** Who a reset or invitation link belongs to; fails with invalidResetToken for a dead link. */
export function resetPasswordInfoQuery(token: string) {
  return queryOptions({
    queryKey: passwordKeys.resetInfo(token),
    queryFn: async ({ signal }) => {
      const result = await apiRequest(
        'user/resetpasswordinfo',
        { token },
        resetPasswordInfoResultSchema,
        { signal },
      )
      return result.userresetpasswordinfo
    },
    // A link does not change while the page is open; asking again would only cost time.
    staleTime: Infinity,
  })
}

/**
 * Always succeeds for any address (the service never tells whether an account exists). An
 * administrator asks as one (spec: forgotpassword's `usertype`).
 */
export function useForgotPassword() {
  return useSingleFlightMutation({
    mutationFn: ({ email, admin }: { email: string; admin: boolean }) =>
      apiRequest(
        'user/forgotpassword',
        { emailaddress: email, usertype: admin ? 'admin' : 'user' },
        emptyResultSchema,
      ),
  })
}

export function useResetPassword() {
  return useSingleFlightMutation({
    mutationFn: (body: RequestBody<'user/resetpassword'>) =>
      apiRequest('user/resetpassword', body, emptyResultSchema),
  })
}

export function useChangePassword() {
  return useSingleFlightMutation({
    mutationFn: (body: RequestBody<'user/changepassword'>) =>
      apiRequest('user/changepassword', body, emptyResultSchema),
  })
}
