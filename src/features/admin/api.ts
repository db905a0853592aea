import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { streamedList } from '@/lib/api/all-pages'
import { isNoSuchEntity } from '@/lib/api/api-error'
import { apiRequest, portalRequest } from '@/lib/api/client'
import { useSingleFlightMutation } from '@/lib/single-flight-mutation'
import { deviceKeys } from '@/entities/device/queries'
import { ACTIVITY_KEY } from '@/entities/records/records-request'
import type { RequestBody } from '@contract/requests'
import { PASSWORD_LINK_PATH } from '@contract/commands'
import {
  emptyResultSchema,
  passwordLinkResultSchema,
  userCreateResultSchema,
  userInfoResultSchema,
  userListResultSchema,
  type User,
} from '@contract/schemas'

/** The users of the administrator's tenant (spec: User endpoints, administrators only). */
export const adminUserKeys = {
  all: ['admin-users'] as const,
  list: () => [...adminUserKeys.all, 'list'] as const,
  detail: (sid: string) => [...adminUserKeys.all, 'detail', sid] as const,
}

/** The tenant's users, shown as their pages arrive (`streamedList`). */
export function userListQuery() {
  return queryOptions({
    queryKey: adminUserKeys.list(),
    queryFn: streamedList('user/list', {}, userListResultSchema),
  })
}

/** One user by sid: with an administrator token, user/info answers that user (User rule 1). */
export function userQuery(sid: string) {
  return queryOptions({
    queryKey: adminUserKeys.detail(sid),
    queryFn: async ({ signal }) => {
      const result = await apiRequest('user/info', { sid }, userInfoResultSchema, { signal })
      return result.userinfo
    },
  })
}

type NewUser = RequestBody<'user/create'>

/** Invites a user (user/create); the answer's warningmessage says what only partly worked. */
export function useCreateUser() {
  return useSingleFlightMutation({
    mutationFn: async (user: NewUser) =>
      (await apiRequest('user/create', user, userCreateResultSchema)).data,
    // Taken or refused, the invitation is in the help desk's activity; a refused one made no user.
    meta: { invalidates: [ACTIVITY_KEY], invalidatesUnlessRefused: [adminUserKeys.list()] },
  })
}

/**
 * Deletes a user; their devices stay in the tenant without an owner (User rule 7). The user's
 * own page is left at once, so only the list and the devices are read again.
 */
export function useDeleteUser() {
  const queryClient = useQueryClient()
  return useSingleFlightMutation({
    mutationFn: (user: User) => apiRequest('user/delete', { sid: user.sid }, emptyResultSchema),
    // A user the service does not have any more was deleted elsewhere: the users shown are not
    // as they are, so they are read again.
    onError: (error) => {
      if (isNoSuchEntity(error)) void queryClient.invalidateQueries({ queryKey: adminUserKeys.all })
    },
    meta: {
      invalidates: [ACTIVITY_KEY],
      // A refused deletion leaves the user and their devices as they were.
      invalidatesUnlessRefused: [adminUserKeys.list(), deviceKeys.all],
    },
  })
}

/**
 * Sends the user a link to set a new password (the portal's own route: it reads the user's
 * address from the service and asks the service's user/forgotpassword for it). Answers with the
 * address the link went to.
 */
export function useSendPasswordLink() {
  return useSingleFlightMutation({
    mutationFn: async (user: User) =>
      (
        await portalRequest(
          `/api/${PASSWORD_LINK_PATH}`,
          { sid: user.sid },
          passwordLinkResultSchema,
        )
      ).data.email,
    // Sent or refused, the link is in the user's activity.
    meta: { invalidates: [ACTIVITY_KEY] },
  })
}
