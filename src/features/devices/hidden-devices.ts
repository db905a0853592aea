/**
 * The retired devices a person hid from their own list. Where the portal keeps records they are
 * kept with the account, so every browser the person signs in from hides them; without records
 * this browser keeps them (device-memory.ts), and the screens say so.
 */
import {
  queryOptions,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'
import { useEffect, useMemo } from 'react'
import { z } from '@contract/zod'
import { recordsEnvelope } from '@/entities/device/history'
import { currentUserQuery } from '@/entities/user/queries'
import { isApiError } from '@/lib/api/api-error'
import { recordsRequest } from '@/entities/records/records-request'
import { getConfig } from '@/lib/config'
import { session, useSession } from '@/lib/session'
import { readMemory, updateMemory, useDeviceMemory } from './device-memory'

const hiddenSchema = z.object({
  ...recordsEnvelope,
  data: z.object({ clientids: z.array(z.string()) }),
})

const HIDE_KEY = ['hide-device'] as const

export function hiddenDevicesQuery() {
  return queryOptions({
    queryKey: ['records', 'hidden-devices'] as const,
    queryFn: async ({ signal }) =>
      (await recordsRequest('hidden-devices', {}, hiddenSchema, { signal })).data.clientids,
  })
}

/** Whether the account keeps them (the portal keeps records), rather than this browser. */
export function hiddenWithAccount(): boolean {
  return getConfig().records
}

/** Only an employee hides devices from their own list. */
export function mayHide(): boolean {
  return session.getState().role === 'user'
}

const sendHidden = async (clientid: string, hidden: boolean) =>
  (await recordsRequest('hide-device', { clientid, hidden }, hiddenSchema)).data.clientids

// The accounts whose browser-kept hidden devices are on their way to the account.
const moving = new Set<string>()

/**
 * Hands the devices this browser hid for the account (before the portal kept them) to the
 * account, once: then this browser forgets them. A device the service no longer shows the
 * account is dropped; any other failure leaves them here, to be handed over next time.
 */
async function moveToAccount(account: string, ids: readonly string[]) {
  if (moving.has(account)) return
  moving.add(account)
  try {
    for (const id of ids) {
      try {
        await sendHidden(id, true)
      } catch (error) {
        if (!isApiError(error) || error.status !== 403) return
      }
    }
    updateMemory(account, (memory) => ({
      ...memory,
      hidden: memory.hidden.filter((id) => !ids.includes(id)),
    }))
  } finally {
    moving.delete(account)
  }
}

/**
 * The client ids the signed-in person hid, where they are kept, and whether they are known yet
 * (an account's list is read first; a failed read hides nothing and says so).
 */
export function useHiddenDevices() {
  const canHide = useSession().role === 'user'
  const withAccount = hiddenWithAccount()
  const { memory, known: memoryKnown } = useDeviceMemory()
  const account = useQuery(currentUserQuery()).data?.sid ?? null
  const query = useQuery({ ...hiddenDevicesQuery(), enabled: withAccount && canHide })
  const local = memory.hidden
  useEffect(() => {
    if (!withAccount || !canHide || !account || !query.isSuccess || local.length === 0) return
    void moveToAccount(account, local).finally(() => {
      void query.refetch()
    })
    // `query` changes each render; the move depends on the list being read, not on its object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [withAccount, canHide, account, query.isSuccess, local])
  const hidden = useMemo(() => {
    if (!canHide) return []
    if (!withAccount) return local
    // Until they are handed over, this browser's still count.
    return [...new Set([...(query.data ?? []), ...local])]
  }, [canHide, withAccount, query.data, local])
  return {
    hidden,
    withAccount,
    canHide,
    known: withAccount ? query.isSuccess || query.isError : memoryKnown,
    pending: canHide && withAccount && query.isPending,
    error: query.isError ? query.error : null,
    retry: () => void query.refetch(),
  }
}

/**
 * Hides a device (or shows it again) for the signed-in person: on the screen at once, then kept
 * with the account; a failure puts it back as it was, and the error says why.
 */
export function useHideDevice(clientId: string) {
  const queryClient = useQueryClient()
  const { queryKey } = hiddenDevicesQuery()
  const account = useQuery(currentUserQuery()).data?.sid ?? null
  const mutation = useMutation({
    mutationKey: [...HIDE_KEY, clientId],
    mutationFn: (hidden: boolean) => sendHidden(clientId, hidden),
    onMutate: async (hidden) => {
      await queryClient.cancelQueries({ queryKey })
      const before = queryClient.getQueryData(queryKey)
      queryClient.setQueryData(queryKey, (ids: string[] = []) => {
        const others = ids.filter((id) => id !== clientId)
        return hidden ? [...others, clientId] : others
      })
      return { before }
    },
    onError: (_error, _hidden, context) => {
      queryClient.setQueryData(queryKey, context?.before)
    },
    onSuccess: (_ids, hidden) => {
      // Shown again: this browser's own copy (not yet handed over) goes too.
      if (!hidden && account && readMemory(account).hidden.includes(clientId)) {
        updateMemory(account, (memory) => ({
          ...memory,
          hidden: memory.hidden.filter((id) => id !== clientId),
        }))
      }
    },
    onSettled: async () => {
      // The last of several changes reads the list as the account now keeps it.
      if (queryClient.isMutating({ mutationKey: HIDE_KEY }) === 1)
        await queryClient.invalidateQueries({ queryKey })
    },
  })
  return mutation
}

/**
 * The last change of this device's hiding, where it failed: read from the mutation cache, since
 * the card that sent it may have moved meanwhile (into "Hidden devices" and back).
 */
export function useHideFailure(clientId: string): { error: Error; hiding: boolean } | null {
  const states = useMutationState({
    filters: { mutationKey: [...HIDE_KEY, clientId] },
    select: (mutation) => mutation.state,
  })
  const last = states.at(-1)
  if (!last || last.status !== 'error' || !last.error) return null
  return { error: last.error, hiding: last.variables === true }
}
