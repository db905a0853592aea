import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { Profiler, useState } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { HelpdeskRole } from '@contract/helpdesk-roles'
import { deviceSchema } from '@contract/schemas'
import type { DialogName } from '@/entities/device/commands'
import { helpdeskRoleQuery } from '@/entities/user/helpdesk-role'
import { changeLanguage } from '@/lib/i18n'
import { session } from '@/lib/session'
import { ActionPanel } from './action-panel'

const iphone = deviceSchema.parse({
  clientid: 'i',
  type: 2,
  managed: true,
  displayname: "Anna's iPhone",
  actions: { lockscreen: { status: 0, visible: true } },
})

/** The panel as the device's page holds it: the page keeps which dialog is open. */
function Page() {
  const [dialog, setDialog] = useState<DialogName | null>(null)
  return (
    <ActionPanel
      device={iphone}
      dialog={dialog}
      onDialog={setDialog}
      onSent={() => {}}
      onFailed={() => {}}
    />
  )
}

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }

describe('ActionPanel', () => {
  // Given back as the files before it left it (unset): set, it would make every state update
  // outside act() of the files after it in the worker warn, and so fail (src/test/setup.ts).
  let actEnvironmentBefore: boolean | undefined
  beforeEach(() => {
    actEnvironmentBefore = actEnvironment.IS_REACT_ACT_ENVIRONMENT
  })
  afterEach(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = actEnvironmentBefore
  })

  it('shows a dialog whose code has come in the very update its press makes, with no empty one before', async () => {
    // The dialogs' code has come (the page fetches it once idle, or at the first sign of intent).
    // A press must not commit an empty fallback first: React then holds the boundary's content
    // back until 300 ms after that fallback showed, a wait a person sees.
    await import('./form-dialogs')
    // An employee's own page: every action the device offers is theirs (no help desk role).
    session.start('employee-token', 'user')
    const dialogAtCommit: boolean[] = []
    const { unmount } = render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <Profiler
            id="panel"
            onRender={() => dialogAtCommit.push(document.querySelector('dialog') !== null)}
          >
            <Page />
          </Profiler>
        </MemoryRouter>
      </QueryClientProvider>,
    )
    const button = screen.getByRole('button', { name: 'Lock…' })
    dialogAtCommit.length = 0
    // As in the browser: React's own scheduler decides, not a test's act() that flushes at once.
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false
    button.click()
    await waitFor(() => expect(screen.getByRole('dialog')).toBeVisible())
    expect(dialogAtCommit[0]).toBe(true)
    unmount()
    session.signOut()
  })
})

describe('ActionPanel in the help desk', () => {
  /** A supervised iPhone out of lost mode: Locate waits for lost mode, which it offers. */
  const supervised = deviceSchema.parse({
    clientid: 's',
    type: 2,
    supervised: true,
    displayname: "Anna's iPhone",
    actions: { enablelostmode: { status: 0, visible: true } },
  })

  function panelFor(role: HelpdeskRole, device = supervised) {
    const client = new QueryClient()
    client.setQueryData(helpdeskRoleQuery().queryKey, { role, roles: true })
    return (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/admin/devices/s']}>
          <ActionPanel
            device={device}
            dialog={null}
            onDialog={() => {}}
            onSent={() => {}}
            onFailed={() => {}}
          />
        </MemoryRouter>
      </QueryClientProvider>
    )
  }

  const why = () => screen.getByText('Locate:').parentElement

  it('tells an auditor why Locate is not possible, not to turn on lost mode', () => {
    render(panelFor('auditor'))
    expect(why()).toHaveTextContent(
      /^Locate: This device reports its location only while lost mode is on\.$/,
    )
  })

  it('leaves "turn on lost mode first" to the Location box, which offers it to the help desk', () => {
    render(panelFor('helpdesk'))
    expect(screen.queryByText('Locate:')).not.toBeInTheDocument()
    expect(screen.queryByText(/Turn on lost mode first/)).not.toBeInTheDocument()
  })

  it('leaves it to the Location box too while lost mode is being turned on', () => {
    const turningOn = deviceSchema.parse({
      ...supervised,
      actions: { enablelostmode: { status: 1, visible: true } },
    })
    render(panelFor('helpdesk', turningOn))
    expect(screen.queryByText('Locate:')).not.toBeInTheDocument()
    expect(screen.queryByText(/reports its location only while lost mode/)).not.toBeInTheDocument()
  })
})

describe('an action card whose command the device has not answered', () => {
  // Ahead of any clock an earlier test left: the page's clock catches up when it is read again.
  const sentAt = Date.UTC(2031, 0, 15, 9)
  const locking = deviceSchema.parse({
    clientid: 'l',
    type: 2,
    managed: true,
    displayname: "Anna's iPhone",
    actions: { lockscreen: { status: 1, visible: true } },
  })
  function panel() {
    return render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <ActionPanel
            device={locking}
            dialog={null}
            onDialog={() => {}}
            onSent={() => {}}
            onFailed={() => {}}
            noticeSent={{ action: 'lockscreen', at: new Date(sentAt) }}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    )
  }
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    session.start('employee-token', 'user')
  })
  afterEach(async () => {
    cleanup()
    session.signOut()
    vi.useRealTimers()
    await changeLanguage('en')
  })

  it('waits with a spinner for an hour, then says, as the notice does, that it has not answered', async () => {
    vi.setSystemTime(sentAt + 10 * 60_000)
    const first = panel()
    expect(screen.getByRole('button', { name: 'Lock…' })).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByText('Waiting for the device to answer…')).toBeInTheDocument()
    first.unmount()
    vi.setSystemTime(sentAt + 61 * 60_000)
    const { container, unmount } = panel()
    const lock = screen.getByRole('button', { name: 'Lock…' })
    expect(lock).not.toHaveAttribute('aria-busy')
    // Still not pressed in vain: a second lock would only queue behind the first.
    expect(lock).toHaveAttribute('aria-disabled', 'true')
    expect(container.querySelector('.spinner')).toBeNull()
    expect(screen.queryByText('Waiting for the device to answer…')).toBeNull()
    // Said once, short: the overview above the cards says why and what to do.
    expect(lock).toHaveAccessibleDescription('No answer for over an hour.')
    unmount()
    await changeLanguage('de')
    panel()
    expect(screen.getByText('Seit über einer Stunde keine Antwort.')).toBeInTheDocument()
  })
})
