import { queryOptions } from '@tanstack/react-query'
import { apiRequest } from '@/lib/api/client'
import { userInfoResultSchema } from '@contract/schemas'

/** The signed-in user's own record; shared by the account page and enrollment. */
const userKeys = {
  all: ['user'] as const,
  me: () => [...userKeys.all, 'me'] as const,
}

export function currentUserQuery() {
  return queryOptions({
    queryKey: userKeys.me(),
    queryFn: async ({ signal }) => {
      const result = await apiRequest('user/info', {}, userInfoResultSchema, { signal })
      return result.userinfo
    },
    staleTime: 5 * 60_000,
  })
}
