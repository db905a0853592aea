import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { setConfig } from '@/lib/config'
import { session } from '@/lib/session'
import { streamedList } from './all-pages'
import { userListResultSchema } from '@contract/schemas'

const envelope = { success: true, errorcode: null, errormessage: null, tokenstatus: null }
const refused = { success: false, errorcode: '03000001', errormessage: 'broken', tokenstatus: null }
const user = (n: number) => ({ sid: `S-${n}`, email: `user${n}@example.com` })

/** A service of 10 users in pages of 2; `fails(index)` refuses that page; `hold` keeps pages from 3. */
function service(fails: (index: number) => boolean, hold?: Promise<void>) {
  const asked: number[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { pageindex?: number }
      const index = body.pageindex ?? 1
      asked.push(index)
      if (hold && index >= 3) await hold
      init.signal?.throwIfAborted()
      const page = fails(index)
        ? refused
        : {
            ...envelope,
            data: [user(index * 2 - 1), user(index * 2)],
            pageindex: index,
            pagecount: 5,
            totalcount: 10,
          }
      return new Response(JSON.stringify(page), {
        headers: { 'Content-Type': 'application/json' },
      })
    }),
  )
  return asked
}

const KEY = ['admin-users', 'list']
const options = () => ({
  queryKey: KEY,
  queryFn: streamedList('user/list', {}, userListResultSchema),
  retry: false,
})
const sids = (client: QueryClient) =>
  client.getQueryData<{ sid: string }[]>(KEY)?.map((item) => item.sid)
const all = Array.from({ length: 10 }, (_, n) => `S-${n + 1}`)

beforeEach(() => {
  setConfig({ apiBaseUrl: '/api/mdm/v2' })
  session.start('token-1')
})
afterEach(() => {
  vi.unstubAllGlobals()
  session.expire()
})

describe('a list whose pages stopped before the last (streamedList)', () => {
  it('keeps nothing in the cache as answered before its first page has come', async () => {
    // The start hydrates the server's drawing only while no answer has come (src/main.tsx): a
    // place to go on from, kept before any page, counted as one and drew the page anew.
    let release = () => {}
    const first = new Promise<void>((resolve) => (release = resolve))
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        await first
        return new Response(JSON.stringify({ ...envelope, data: [user(1)], totalcount: 1 }), {
          headers: { 'Content-Type': 'application/json' },
        })
      }),
    )
    const client = new QueryClient()
    const read = client.fetchQuery(options())
    await new Promise((resolve) => setTimeout(resolve, 10))
    const states = client
      .getQueryCache()
      .getAll()
      .map((query) => query.state.status)
    expect(states).toEqual(['pending'])
    release()
    await read
  })

  it('goes on from the page that failed when read again, keeping what had arrived', async () => {
    let broken = true
    const asked = service((index) => broken && index === 3)
    const client = new QueryClient()
    await expect(client.fetchQuery(options())).rejects.toThrow()
    expect(sids(client)).toEqual(['S-1', 'S-2', 'S-3', 'S-4'])

    broken = false
    asked.length = 0
    await client.refetchQueries({ queryKey: KEY, exact: true })
    expect(asked.sort()).toEqual([3, 4, 5])
    expect(sids(client)).toEqual(all)
    expect(client.getQueryState(KEY)?.status).toBe('success')
  })

  it('is read again, from where it stopped, when its screen comes back after being left', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    const asked = service(() => false, held)
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 20_000 } } })
    const observer = new QueryObserver(client, options())
    const stop = observer.subscribe(() => undefined)
    await vi.waitFor(() => expect(sids(client)).toEqual(['S-1', 'S-2', 'S-3', 'S-4']), {
      timeout: 2_000,
    })
    // The screen is left while pages 3 to 5 are on their way.
    stop()
    release()
    // Once the pages under way have been dropped, the part kept is not taken as fresh.
    await vi.waitFor(
      () => expect(client.getQueryCache().find({ queryKey: KEY })?.isStale()).toBe(true),
      {
        timeout: 2_000,
      },
    )
    expect(sids(client)).toEqual(['S-1', 'S-2', 'S-3', 'S-4'])

    // Back on the screen, within the time a whole list would be fresh.
    asked.length = 0
    const back = new QueryObserver(client, options())
    const leave = back.subscribe(() => undefined)
    await vi.waitFor(() => expect(sids(client)).toEqual(all), { timeout: 2_000 })
    expect(asked.sort()).toEqual([3, 4, 5])
    leave()
  })

  it('goes on to the last page when the next screen reads the same list as the one left', async () => {
    // The users' list reads the tenant's devices for their counts; the devices' list, opened
    // while those pages arrive, reads the same list: its observer comes as the other goes.
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    service(() => false, held)
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 20_000 } } })
    const stop = new QueryObserver(client, options()).subscribe(() => undefined)
    await vi.waitFor(() => expect(sids(client)).toEqual(['S-1', 'S-2', 'S-3', 'S-4']), {
      timeout: 2_000,
    })
    stop()
    const leave = new QueryObserver(client, options()).subscribe(() => undefined)
    release()
    await vi.waitFor(() => expect(sids(client)).toEqual(all), { timeout: 2_000 })
    expect(client.getQueryState(KEY)?.fetchStatus).toBe('idle')
    leave()
  })
})
