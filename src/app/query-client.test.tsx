import { QueryClientProvider, useQuery } from '@tanstack/react-query'
import { act, cleanup, render, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ERROR_CODES, PORTAL_ERROR_CODES } from '@contract/error-codes'
import type { User } from '@contract/schemas'
import { deviceListQuery } from '@/entities/device/queries'
import { useCreateUser, useDeleteUser, userListQuery } from '@/features/admin/api'
import { session } from '@/lib/session'
import { queryClient } from './query-client'

const envelope = { success: true, errorcode: null, errormessage: null, tokenstatus: null }
const page = { pagecount: 1, pageindex: 1, totalcount: 0, data: [] }
const anna: User = { sid: 'S-1', email: 'anna@example.com', displayname: 'Anna Berg' }

type Answer = () => Response | Promise<Response>

/** The service: each path's answer as given, every request counted by its path. */
function service(changes: Answer) {
  const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url.endsWith('/user/create') || url.endsWith('/user/delete')) return changes()
    return Response.json({ ...envelope, ...page })
  })
  vi.stubGlobal('fetch', fetch)
  return {
    asked: (path: string) => fetch.mock.calls.filter(([url]) => url.endsWith(`/${path}`)).length,
  }
}

/** The users screen's lists on screen, read once; then the change is sent and settles. */
async function change(send: () => void) {
  function Lists() {
    useQuery(userListQuery())
    useQuery(deviceListQuery())
    return null
  }
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  )
  render(<Lists />, { wrapper })
  // Testing Library's waitFor, not Vitest's: the lists draw again as their answers come, which
  // React expects within act() or while Testing Library waits.
  await waitFor(
    () => expect(queryClient.getQueryState(userListQuery().queryKey)?.status).toBe('success'),
    { timeout: 5_000 },
  )
  await act(async () => send())
  await waitFor(() => expect(queryClient.isMutating()).toBe(0), { timeout: 5_000 })
  // Whatever was read again has been asked for by now.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
  await waitFor(() => expect(queryClient.isFetching()).toBe(0), { timeout: 5_000 })
}

function hook<T>(use: () => T) {
  return renderHook(use, {
    wrapper: ({ children }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    ),
  }).result
}

const refusal = (status: number, errorcode: string) => () =>
  Response.json({ ...envelope, success: false, errorcode, errormessage: 'No.' }, { status })

describe('a change to a user, and the lists read again after it', () => {
  beforeEach(() => session.start('token-1'))
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
    queryClient.clear()
    session.expire()
  })

  it('reads the users again after an invitation the service took', async () => {
    const asked = service(() =>
      Response.json({ ...envelope, data: { sid: 'S-9', warningmessage: null } }),
    )
    const create = hook(useCreateUser)
    await change(() => create.current.send({ email: 'new@example.com' }))
    expect(asked.asked('user/list')).toBe(2)
  })

  it('reads no list again after an invitation the service refused: its users are as they were', async () => {
    const asked = service(refusal(200, ERROR_CODES.userAlreadyExists))
    const create = hook(useCreateUser)
    await change(() => create.current.send({ email: 'anna@example.com' }))
    expect(create.current.isError).toBe(true)
    expect(asked.asked('user/create')).toBe(1)
    expect(asked.asked('user/list')).toBe(1)
  })

  it('reads neither users nor devices again after a deletion refused for the help desk role', async () => {
    const asked = service(refusal(403, PORTAL_ERROR_CODES.roleForbidden))
    const remove = hook(useDeleteUser)
    await change(() => remove.current.send(anna))
    expect(remove.current.isError).toBe(true)
    expect(asked.asked('user/list')).toBe(1)
    expect(asked.asked('device/list')).toBe(1)
  })

  it('reads the users again after a deletion refused for a user the service no longer has', async () => {
    const asked = service(refusal(404, ERROR_CODES.userNotFound))
    const remove = hook(useDeleteUser)
    await change(() => remove.current.send(anna))
    expect(remove.current.isError).toBe(true)
    expect(asked.asked('user/list')).toBe(2)
    expect(asked.asked('device/list')).toBe(1)
  })

  it('reads the users again after a deletion whose answer never came: it may have been done', async () => {
    const asked = service(() => Promise.reject(new TypeError('Failed to fetch')))
    const remove = hook(useDeleteUser)
    await change(() => remove.current.send(anna))
    expect(remove.current.isError).toBe(true)
    expect(asked.asked('user/list')).toBe(2)
    expect(asked.asked('device/list')).toBe(2)
  })

  it('reads the users again after the portal answered in the service’s stead: it may have been done', async () => {
    // The service's failure page, or its answer that could not be read, or no connection: the
    // portal's envelope says that the service's answer is not known, never that it refused.
    for (const [status, code] of [
      [500, PORTAL_ERROR_CODES.serviceFailed],
      [502, PORTAL_ERROR_CODES.serviceUnavailable],
    ] as const) {
      const asked = service(refusal(status, code))
      const create = hook(useCreateUser)
      await change(() => create.current.send({ email: 'new@example.com' }))
      expect(create.current.isError, code).toBe(true)
      expect(asked.asked('user/list'), code).toBe(2)
      cleanup()
      vi.unstubAllGlobals()
      queryClient.clear()
    }
  })
})
