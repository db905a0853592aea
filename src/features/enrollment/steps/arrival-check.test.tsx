import { createRef } from 'react'
import { QueryClient, QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import type { Device } from '@contract/schemas'
import { ApiError } from '@/lib/api/api-error'
import { changeLanguage } from '@/lib/i18n'
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
function Step({ platform, watching }: { platform: Platform; watching: boolean }) {
  const { meta, run: ask } = useAskedRead()
  const { refetch } = useQuery({ ...devicesQuery, meta })
  return (
    <ArrivalCheck
      platform={platform}
      arrivals={[]}
      watching={watching}
      check={() => ask(refetch)}
      onRestart={() => undefined}
      arrivedRef={createRef()}
    />
  )
}

function renderStep(given: (() => Device[])[], platform: Platform = 'ios', watching = true) {
  answers = given
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Step platform={platform} watching={watching} />
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

describe('the install step opened without a profile fetched in this tab', () => {
  afterEach(async () => {
    cleanup()
    await changeLanguage('en')
  })

  // A bookmark or another tab: no profile was fetched here, so no device can be told apart as
  // the new one. The page says so and leads to the list, rather than waiting for nothing.
  it('says it cannot tell the new device apart when no profile was fetched in this tab', async () => {
    renderStep([() => []], 'ios', false)
    expect(
      screen.getByText(
        'This tab did not fetch the profile, so it cannot tell which device is the new one. Your device list shows every device that has arrived.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByText(/checks by itself/)).not.toBeInTheDocument()
    expect(
      screen.queryByRole('button', { name: 'Check for my new device' }),
    ).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to my devices' })).toHaveAttribute(
      'href',
      '/devices',
    )
    cleanup()
    await changeLanguage('de')
    renderStep([() => []], 'ios', false)
    expect(screen.getByText(/Dieser Tab hat das Profil nicht geladen/)).toBeInTheDocument()
    expect(screen.queryByText(/prüft von selbst/)).not.toBeInTheDocument()
  })
})
