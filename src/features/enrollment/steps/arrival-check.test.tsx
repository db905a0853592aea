import { QueryClient, QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Device } from '@contract/schemas'
import { ApiError } from '@/lib/api/api-error'
import { useAskedRead } from '@/lib/api/use-asked-read'
import type { Platform } from '@/features/enrollment/platform'
import { ArrivalCheck } from './arrival-check'

/** The service's answers to the device list, in turn; the last one stays. */
let answers: (() => Device[])[] = []

const devicesQuery = queryOptions({
  queryKey: ['devices'],
  queryFn: async () => (answers.length > 1 ? answers.shift() : answers[0])?.() ?? [],
})

/** The install step's part: the device list read as the wizard reads it, its check handed down. */
function Step({ platform }: { platform: Platform }) {
  const { meta, run: ask } = useAskedRead()
  const { refetch } = useQuery({ ...devicesQuery, meta })
  return (
    <ArrivalCheck
      platform={platform}
      arrivals={[]}
      check={() => ask(refetch)}
      onRestart={() => undefined}
    />
  )
}

function renderStep(given: (() => Device[])[], platform: Platform = 'ios') {
  answers = given
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Step platform={platform} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const down = () => {
  throw new ApiError('unavailable', { status: 503 })
}

describe('the check for the new device', () => {
  it('says the check failed, not that the device is not there yet, when the list cannot be read', async () => {
    renderStep([() => [], down])
    const check = await screen.findByRole('button', { name: 'Check for my new device' })
    await userEvent.click(check)
    expect(await screen.findByText('Could not check for new devices.')).toBeInTheDocument()
    expect(screen.queryByText(/^Not yet/)).not.toBeInTheDocument()
  })

  it('says "Not yet" once a check that failed reads the list again', async () => {
    renderStep([() => [], down, () => []])
    const check = await screen.findByRole('button', { name: 'Check for my new device' })
    await userEvent.click(check)
    expect(await screen.findByText('Could not check for new devices.')).toBeInTheDocument()
    await userEvent.click(check)
    expect(await screen.findByText(/^Not yet/)).toBeInTheDocument()
    expect(screen.queryByText('Could not check for new devices.')).not.toBeInTheDocument()
  })

  it('says nothing of a check the ended session refused: sign-in comes and says so', async () => {
    renderStep([
      () => [],
      () => {
        throw new ApiError('unauthorized', { status: 401 })
      },
    ])
    const check = await screen.findByRole('button', { name: 'Check for my new device' })
    await userEvent.click(check)
    await screen.findByRole('button', { name: 'Check for my new device' })
    expect(screen.queryByText('Could not check for new devices.')).not.toBeInTheDocument()
    expect(screen.queryByText(/^Not yet/)).not.toBeInTheDocument()
  })

  it('speaks of an Android phone’s setup, not of a profile installed, while it waits and after a check', async () => {
    renderStep([() => []], 'android')
    expect(
      screen.getByText(/Once the phone’s setup has finished, it reports to the service/),
    ).toBeInTheDocument()
    await userEvent.click(await screen.findByRole('button', { name: 'Check for my new device' }))
    expect(await screen.findByText(/^Not yet/)).toHaveTextContent(/after the setup has finished/)
    expect(screen.queryByText(/profile/)).not.toBeInTheDocument()
  })

  it('speaks of the profile on an iPhone, an iPad and a Mac', () => {
    renderStep([() => []], 'macos')
    expect(screen.getByText(/After the profile is installed/)).toBeInTheDocument()
  })
})
