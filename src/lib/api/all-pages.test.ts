import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setConfig } from '@/lib/config'
import { session } from '@/lib/session'
import { apiRequestAll, listPages, listProgress, PAGES_AT_ONCE } from './all-pages'
import { userListResultSchema } from '@contract/schemas'

const envelope = { success: true, errorcode: null, errormessage: null, tokenstatus: null }
const user = (n: number) => ({ sid: `S-${n}`, email: `user${n}@example.com` })
const users = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, offset) => user(from + offset))

interface Sent {
  pageindex: unknown
  body: Record<string, unknown>
}

/** A service with `total` users in pages of `size`; `answer` may change what a page says. */
function service(
  total: number,
  size: number,
  answer: (index: number, sent: Sent[]) => object | null = () => null,
) {
  const sent: Sent[] = []
  let open = 0
  let mostOpen = 0
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>
      sent.push({ pageindex: body.pageindex, body })
      open++
      mostOpen = Math.max(mostOpen, open)
      await new Promise((resolve) => setTimeout(resolve, 1))
      open--
      const index = typeof body.pageindex === 'number' ? body.pageindex : 1
      const pagecount = Math.max(1, Math.ceil(total / size))
      const page = answer(index, sent) ?? {
        ...envelope,
        data: users((index - 1) * size + 1, Math.min(index * size, total)),
        pageindex: index,
        pagecount,
        totalcount: total,
      }
      return new Response(JSON.stringify(page), {
        headers: { 'Content-Type': 'application/json' },
      })
    }),
  )
  return { sent, mostOpen: () => mostOpen }
}

beforeEach(() => {
  setConfig({ apiBaseUrl: '/api/mdm/v2' })
  session.start('token-1')
})
afterEach(() => {
  vi.unstubAllGlobals()
  session.expire()
})

const sids = (list: { data: { sid: string }[] }) => list.data.map((entry) => entry.sid)

describe('apiRequestAll', () => {
  it('takes a list on one page as it is, with one request and no pageindex', async () => {
    const { sent } = service(3, 10)
    const list = await apiRequestAll('user/list', {}, userListResultSchema)
    expect(sids(list)).toEqual(['S-1', 'S-2', 'S-3'])
    expect(list.totalcount).toBe(3)
    expect(sent).toEqual([{ pageindex: undefined, body: { token: 'token-1' } }])
  })

  it('reads every further page with the same request plus pageindex and joins them in order', async () => {
    const { sent, mostOpen } = service(23, 2)
    const list = await apiRequestAll(
      'device/list',
      { filter: { managed: true } },
      userListResultSchema,
    )
    expect(sids(list)).toEqual(users(1, 23).map((entry) => entry.sid))
    expect(list.totalcount).toBe(23)
    expect(
      sent.map((request) => request.pageindex ?? 1).sort((a, b) => Number(a) - Number(b)),
    ).toEqual(Array.from({ length: 12 }, (_, offset) => offset + 1))
    expect(sent[0]?.pageindex).toBeUndefined()
    expect(
      sent.every((request) => JSON.stringify(request.body.filter) === '{"managed":true}'),
    ).toBe(true)
    expect(mostOpen()).toBeLessThanOrEqual(PAGES_AT_ONCE)
    expect(mostOpen()).toBeGreaterThan(1)
  })

  it('fails the whole list when one page fails, and asks for no further pages', async () => {
    const { sent } = service(40, 2, (index) =>
      index === 4
        ? { success: false, errorcode: '03000001', errormessage: 'broken', tokenstatus: null }
        : null,
    )
    await expect(apiRequestAll('user/list', {}, userListResultSchema)).rejects.toMatchObject({
      kind: 'api',
    })
    expect(sent.length).toBeLessThan(20)
  })

  it('fails the whole list when a page is malformed', async () => {
    service(6, 2, (index) => (index === 3 ? { ...envelope, data: [{ email: 5 }] } : null))
    await expect(apiRequestAll('user/list', {}, userListResultSchema)).rejects.toMatchObject({
      kind: 'malformed',
    })
  })

  it('stops without duplicates when the service ignores pageindex and sends page 1 again', async () => {
    const { sent } = service(9, 3, () => ({
      ...envelope,
      data: users(1, 3),
      pageindex: 1,
      pagecount: 3,
      totalcount: 9,
    }))
    const list = await apiRequestAll('user/list', {}, userListResultSchema)
    expect(sids(list)).toEqual(['S-1', 'S-2', 'S-3'])
    expect(list.totalcount).toBe(9)
    expect(sent.length).toBeLessThanOrEqual(3)
  })

  it('notices page 1 again also when the answers carry no pageindex', async () => {
    service(4, 2, () => ({ ...envelope, data: users(1, 2), pagecount: 2, totalcount: 4 }))
    const list = await apiRequestAll('user/list', {}, userListResultSchema)
    expect(sids(list)).toEqual(['S-1', 'S-2'])
    expect(list.totalcount).toBe(4)
  })

  it('asks for no more pages than totalcount can fill, whatever pagecount says', async () => {
    const { sent } = service(4, 2, (index) => ({
      ...envelope,
      data: users(index * 2 - 1, index * 2),
      pageindex: index,
      pagecount: 1000,
      totalcount: 4,
    }))
    const list = await apiRequestAll('user/list', {}, userListResultSchema)
    expect(sids(list)).toEqual(['S-1', 'S-2', 'S-3', 'S-4'])
    expect(sent).toHaveLength(2)
  })
})

describe('listPages', () => {
  it('gives page 1 with the whole count before the others arrive, then each page in order', async () => {
    const { sent } = service(7, 2)
    const pages = listPages('user/list', {}, userListResultSchema)
    const first = await pages.next()
    expect(first.value).toMatchObject({ data: users(1, 2), totalcount: 7 })
    // Page 1 is given while the next few pages are still to be asked for.
    expect(sent).toHaveLength(1)
    const rest = []
    for await (const page of pages) rest.push(page.data.map((entry) => entry.sid))
    expect(rest).toEqual([['S-3', 'S-4'], ['S-5', 'S-6'], ['S-7']])
  })

  it('counts what arrived when the service gives no totalcount', async () => {
    service(5, 2, (index) => ({
      ...envelope,
      data: users(index * 2 - 1, Math.min(index * 2, 5)),
      pageindex: index,
      pagecount: 3,
    }))
    const totals = []
    for await (const page of listPages('user/list', {}, userListResultSchema)) {
      totals.push(page.totalcount)
    }
    expect(totals.at(-1)).toBe(5)
  })
})

describe('listProgress', () => {
  it('is arriving while fetching short of the count, and missing only once done', () => {
    expect(listProgress(500, 50_000, true)).toEqual({
      loaded: 500,
      total: 50_000,
      arriving: true,
      missing: 0,
    })
    expect(listProgress(50_000, 50_000, true)).toMatchObject({ arriving: false, missing: 0 })
    expect(listProgress(1_000, 5_000, false)).toMatchObject({ arriving: false, missing: 4_000 })
    // A list read again that has grown past its old count is not short.
    expect(listProgress(12, 10, false)).toMatchObject({ total: 12, missing: 0 })
  })
})
