import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { deviceSchema } from '@contract/schemas'
import { deviceDetailQuery, deviceKeys } from './queries'

function device(lockStatus: number) {
  return deviceSchema.parse({
    clientid: 'i',
    type: 2,
    managed: true,
    displayname: "Anna's iPhone",
    actions: { lockscreen: { status: lockStatus, visible: true } },
  })
}

/** Opens the device's page on a cache that read the device a moment ago; how often it reads. */
async function readsOnOpening(cached: ReturnType<typeof device>) {
  // The portal's own default: an answer is fresh for 20 s.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 20_000 } } })
  queryClient.setQueryData(deviceKeys.detail('i'), cached)
  const queryFn = vi.fn(async () => device(0))
  const observer = new QueryObserver(queryClient, {
    ...deviceDetailQuery('i', queryClient),
    queryFn,
  })
  const unsubscribe = observer.subscribe(() => {})
  await new Promise((resolve) => setTimeout(resolve, 20))
  unsubscribe()
  queryClient.clear()
  return queryFn.mock.calls.length
}

describe("a device's page opened again", () => {
  it('reads the device at once when its last read showed a command under way', async () => {
    // The list may already know the command ended; the page must not show it waiting until
    // the next step of its backoff.
    expect(await readsOnOpening(device(1))).toBe(1)
  })

  it('keeps a fresh read of a device with nothing under way', async () => {
    expect(await readsOnOpening(device(0))).toBe(0)
  })
})
