import { createRef } from 'react'
import { queryOptions, QueryClientProvider, useQuery } from '@tanstack/react-query'
import { act, cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import type { Device } from '@contract/schemas'
import { Toaster } from '@/components/toaster'
import { ArrivalCheck } from '@/features/enrollment/steps/arrival-check'
import { ApiError } from '@/lib/api/api-error'
import { useAskedRead } from '@/lib/api/use-asked-read'
import { toaster } from '@/lib/toast'
import { queryClient } from './query-client'

/** The device list: read once, then the service is down. */
let down = false
const devicesQuery = queryOptions({
  queryKey: ['devices', 'toast-test'],
  queryFn: async (): Promise<Device[]> => {
    if (down) throw new ApiError('unavailable', { status: 503 })
    return []
  },
})

/** The enrollment wizard's check for the new device, wired as the wizard wires it. */
function Step() {
  const { meta, run: ask } = useAskedRead()
  const { refetch } = useQuery({ ...devicesQuery, meta })
  return (
    <ArrivalCheck
      platform="ios"
      arrivals={[]}
      watching
      check={() => ask(refetch)}
      onRestart={() => undefined}
      arrivedRef={createRef()}
    />
  )
}

afterEach(() => {
  // The toaster first leaves the page, so that the toasts it showed go without drawing it again.
  cleanup()
  queryClient.clear()
  for (const toast of toaster.get()) toaster.dismiss(toast.id)
  down = false
})

describe('the toast for a failed refresh', () => {
  it('leaves a failed check the user asked for to the step, which says it; a read nobody asked for still toasts', async () => {
    render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <Step />
        </MemoryRouter>
        <Toaster />
      </QueryClientProvider>,
    )
    const check = await screen.findByRole('button', { name: 'Check for my new device' })
    down = true
    await userEvent.click(check)
    expect(await screen.findByText('Could not check for new devices.')).toBeInTheDocument()
    expect(screen.queryAllByText(/^Could not refresh/)).toEqual([])

    // A read of the step's own (its interval) that fails has no other place to say so.
    await act(() => queryClient.refetchQueries({ queryKey: devicesQuery.queryKey }))
    // Seen in the toast, said from the toaster's live region.
    expect(await screen.findAllByText(/^Could not refresh/)).toHaveLength(2)
  })
})
