import { act, render, screen } from '@testing-library/react'
import {
  experimental_streamedQuery as streamedQuery,
  QueryClient,
  QueryClientProvider,
  queryOptions,
  useQuery,
} from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { keepShortfall, useListProgress } from './all-pages'

const KEY = ['devices', 'list']

let end = () => {}
const ended = new Promise<void>((resolve) => (end = resolve))

const list = queryOptions({
  queryKey: KEY,
  queryFn: streamedQuery<number[], number[]>({
    streamFn: async function* () {
      yield [1, 2]
      // The service answered page 1 again for page 2: the pages end, with nothing new.
      await ended
    },
    reducer: (items, page) => items.concat(page),
    initialValue: [],
  }),
})

/** A list as a screen shows it: its items and what the screen says of how much has arrived. */
function List() {
  const { data = [] } = useQuery(list)
  const { missing, arriving } = useListProgress(KEY)
  return (
    <p>
      {data.length} shown, {missing} missing{arriving ? ', arriving' : ''}
    </p>
  )
}

describe('what a list says of how much has arrived (useListProgress)', () => {
  it('says what the service did not send as soon as the pages end, even when the last one added nothing', async () => {
    const client = new QueryClient()
    // The service counts 5 where it sends 2 (streamedList keeps its count beside the list).
    keepShortfall(client, KEY, { data: [], totalcount: 5 })
    render(
      <QueryClientProvider client={client}>
        <List />
      </QueryClientProvider>,
    )
    expect(await screen.findByText('2 shown, 0 missing, arriving')).toBeTruthy()
    await act(async () => end())
    expect(await screen.findByText('2 shown, 3 missing', {}, { timeout: 5_000 })).toBeTruthy()
  })

  it("leaves the other queries alone when they change: a long list's icons are hundreds of queries", async () => {
    const client = new QueryClient()
    const pending = queryOptions({
      queryKey: ['apps', 'list'],
      queryFn: () => new Promise<number[]>(() => {}),
    })
    const icon = (id: string) => queryOptions({ queryKey: ['appIcon', id], queryFn: () => 'blob:' })
    keepShortfall(client, pending.queryKey, { data: [], totalcount: 2 })
    function Arriving() {
      useQuery(pending)
      return <p>{useListProgress(pending.queryKey).arriving ? 'arriving' : 'done'}</p>
    }
    render(
      <QueryClientProvider client={client}>
        <Arriving />
      </QueryClientProvider>,
    )
    expect(await screen.findByText('arriving')).toBeTruthy()
    // Matching every query of the cache against the list's key at each event of any query made
    // each icon that arrives cost as much as all the icons before it.
    const cache = client.getQueryCache()
    const find = vi.spyOn(cache, 'find')
    const findAll = vi.spyOn(cache, 'findAll')
    await act(async () => {
      for (let index = 0; index < 200; index++)
        client.setQueryData(icon(`AU${index}`).queryKey, 'blob:')
      await new Promise((resolve) => setTimeout(resolve, 10))
    })
    expect(findAll).not.toHaveBeenCalled()
    expect(find).not.toHaveBeenCalled()
    expect(screen.getByText('arriving')).toBeTruthy()
  })
})
