import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api/api-error'
import { apiRequest } from '@/lib/api/client'
import { changeLanguage } from '@/lib/i18n'
import { deviceSchema, type App } from '@contract/schemas'
import { spoken } from '@/test/spoken'
import { AppOnDevice } from './app-on-device'

vi.mock('@/lib/api/client', () => ({ apiRequest: vi.fn(), apiFile: vi.fn() }))

const iphone = deviceSchema.parse({ clientid: 'iphone', type: 2, displayname: "Anna's iPhone" })
const chat: App = {
  id: 'AU8',
  displayname: 'Team Chat',
  platform: 'Apple',
  devicetype: 'SmartphoneAndTablet',
  compatibletodevice: true,
  mandatory: false,
  status: 0,
  actions: {
    install: { visible: true },
    uninstall: { visible: false },
    update: { visible: false },
  },
}

/** The tab's cache, kept while the user leaves the app and comes back. */
const tab = () => new QueryClient({ defaultOptions: { mutations: { retry: false } } })

function renderApp(app: App, client = tab()) {
  return render(
    <QueryClientProvider client={client}>
      <AppOnDevice app={app} device={iphone} />
    </QueryClientProvider>,
  )
}

describe('an app on a device', () => {
  beforeEach(async () => {
    await changeLanguage('en')
  })
  afterEach(() => vi.mocked(apiRequest).mockReset())

  it('says the status in words and installs with one request, however often it is clicked', async () => {
    let answer: (value: unknown) => void = () => {}
    vi.mocked(apiRequest).mockReturnValue(new Promise((resolve) => (answer = resolve)))
    renderApp(chat)
    expect(screen.getByText('Not installed')).toBeInTheDocument()
    const install = screen.getByRole('button', { name: 'Install Team Chat' })
    await userEvent.dblClick(install)
    await userEvent.click(install)
    expect(apiRequest).toHaveBeenCalledTimes(1)
    expect(apiRequest).toHaveBeenCalledWith(
      'app/install',
      { id: 'AU8', clientid: 'iphone' },
      expect.anything(),
    )
    answer({ success: true })
  })

  // The label is there for screen readers only; without a pause it runs into the status:
  // "Status on Anna's iPhone Not installed".
  it.each([
    ['en', 'Not installed', "Status on Anna's iPhone: Not installed"],
    ['de', 'Nicht installiert', "Status auf Anna's iPhone: Nicht installiert"],
  ] as const)(
    'reads the status after its label and a pause (%s)',
    async (language, status, line) => {
      await changeLanguage(language)
      renderApp(chat)
      expect(spoken(screen.getByText(status).parentElement as HTMLElement)).toBe(line)
    },
  )

  it('explains a refusal by its code, naming app and device', async () => {
    vi.mocked(apiRequest).mockRejectedValue(
      new ApiError('api', { status: 200, code: '02200021', serverMessage: 'not compatible' }),
    )
    renderApp(chat)
    await userEvent.click(screen.getByRole('button', { name: 'Install Team Chat' }))
    // Shown here; said by the screen's status region, wherever the app is (StatusAnnouncer).
    expect(
      await screen.findByText(
        "Team Chat cannot be installed on Anna's iPhone: it does not run on this kind of device.",
      ),
    ).toBeVisible()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('asks before uninstalling, and sends nothing when cancelled', async () => {
    vi.mocked(apiRequest).mockResolvedValue({ success: true })
    renderApp({
      ...chat,
      status: 3,
      actions: { install: { visible: false }, uninstall: { visible: true } },
    })
    expect(screen.getByText('Installed')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Uninstall Team Chat' }))
    expect(
      screen.getByRole('heading', { name: "Uninstall Team Chat from Anna's iPhone?" }),
    ).toBeVisible()
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(apiRequest).not.toHaveBeenCalled()

    await userEvent.click(screen.getByRole('button', { name: 'Uninstall Team Chat' }))
    await userEvent.click(screen.getByRole('button', { name: 'Uninstall' }))
    await waitFor(() =>
      expect(apiRequest).toHaveBeenCalledWith(
        'app/uninstall',
        { id: 'AU8', clientid: 'iphone' },
        expect.anything(),
      ),
    )
  })

  it('keeps an uninstall on its way when the dialog is closed and opened again', async () => {
    let answer: (value: unknown) => void = () => {}
    vi.mocked(apiRequest).mockReturnValue(new Promise((resolve) => (answer = resolve)))
    renderApp({
      ...chat,
      status: 3,
      actions: { install: { visible: false }, uninstall: { visible: true } },
    })
    const heading = { name: "Uninstall Team Chat from Anna's iPhone?" }
    await userEvent.click(screen.getByRole('button', { name: 'Uninstall Team Chat' }))
    await userEvent.click(screen.getByRole('button', { name: 'Uninstall' }))
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await userEvent.click(screen.getByRole('button', { name: 'Uninstall Team Chat' }))
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeVisible()
    answer({ success: true })
    await waitFor(() => expect(screen.queryByRole('heading', heading)).toBeNull())
    expect(apiRequest).toHaveBeenCalledTimes(1)

    // The first answer freed the way: the next uninstall is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Uninstall Team Chat' }))
    await userEvent.click(screen.getByRole('button', { name: 'Uninstall' }))
    expect(apiRequest).toHaveBeenCalledTimes(2)
  })

  it('keeps a request on its way when the app is shown again (a screen left, a card scrolled away): nothing is sent twice', async () => {
    const answers: ((value: unknown) => void)[] = []
    vi.mocked(apiRequest).mockImplementation(
      () => new Promise((resolve) => void answers.push(resolve)),
    )
    const installed = {
      ...chat,
      id: 'AU9',
      displayname: 'Notes',
      status: 3,
      actions: { install: { visible: false }, uninstall: { visible: true } },
    }
    const client = tab()
    const first = renderApp(chat, client)
    await userEvent.click(screen.getByRole('button', { name: 'Install Team Chat' }))
    first.unmount()
    const second = renderApp(installed, client)
    await userEvent.click(screen.getByRole('button', { name: 'Uninstall Notes' }))
    await userEvent.click(screen.getByRole('button', { name: 'Uninstall' }))
    second.unmount()
    expect(apiRequest).toHaveBeenCalledTimes(2)

    renderApp(chat, client)
    const install = screen.getByRole('button', { name: 'Install Team Chat' })
    expect(install).toHaveAttribute('aria-disabled', 'true')
    await userEvent.click(install)
    renderApp(installed, client)
    await userEvent.click(screen.getByRole('button', { name: 'Uninstall Notes' }))
    const dialog = screen.getByRole('dialog', { name: "Uninstall Notes from Anna's iPhone?" })
    expect(within(dialog).getByRole('button', { name: 'Sending…' })).toBeVisible()
    expect(apiRequest).toHaveBeenCalledTimes(2)

    // Its answer closes the dialog that waited for it.
    answers[1]!({ success: true })
    await waitFor(() =>
      expect(
        screen.queryByRole('heading', { name: "Uninstall Notes from Anna's iPhone?" }),
      ).toBeNull(),
    )
  })

  it('shows a refusal that came while the app was not shown, once it is again', async () => {
    let refuse: (error: unknown) => void = () => {}
    vi.mocked(apiRequest).mockReturnValue(new Promise((_, reject) => (refuse = reject)))
    const client = tab()
    const first = renderApp(chat, client)
    await userEvent.click(screen.getByRole('button', { name: 'Install Team Chat' }))
    first.unmount()
    refuse(new ApiError('api', { status: 400, serverMessage: 'The device is locked.' }))
    renderApp(chat, client)
    expect(
      await screen.findByText('Team Chat could not be installed: The device is locked.'),
    ).toBeVisible()
    expect(screen.getByRole('button', { name: 'Install Team Chat' })).not.toHaveAttribute(
      'aria-disabled',
    )
  })

  it("says which request a pending app waits for only from the tab's requests the device has not had", async () => {
    const client = tab()
    const waiting = { ...chat, status: 1, statusdetails: 'WaitingForDeviceReply' }
    vi.mocked(apiRequest).mockRejectedValueOnce(
      new ApiError('api', { status: 400, serverMessage: 'The device is locked.' }),
    )
    const { rerender } = renderApp(chat, client)
    const show = (app: App, device = iphone) =>
      rerender(
        <QueryClientProvider client={client}>
          <AppOnDevice app={app} device={device} />
        </QueryClientProvider>,
      )
    await userEvent.click(screen.getByRole('button', { name: 'Install Team Chat' }))
    await screen.findByText('Team Chat could not be installed: The device is locked.')
    // Pending for a reason of its own: the refused install is not it.
    show(waiting)
    expect(screen.getByText('Installing or uninstalling…')).toBeInTheDocument()

    vi.mocked(apiRequest).mockResolvedValueOnce({ success: true })
    show(chat)
    await userEvent.click(screen.getByRole('button', { name: 'Install Team Chat' }))
    show(waiting)
    expect(await screen.findByText('Installing…')).toBeInTheDocument()
    // The device has been in contact since: what it waits for now is newer than the install.
    show(waiting, { ...iphone, lastcontact: new Date(Date.now() + 60_000) })
    expect(screen.getByText('Installing or uninstalling…')).toBeInTheDocument()
  })

  it('shows a failure with its detail, and why an incompatible app cannot be installed', () => {
    const { unmount } = renderApp({ ...chat, status: 2, statusdetails: 'NotEnoughSpace' })
    expect(
      screen.getByText('Failed: there is not enough free storage on the device'),
    ).toBeInTheDocument()
    unmount()
    renderApp({ ...chat, status: 2, statusdetails: 'SomethingNew' })
    expect(screen.getByText('Failed: SomethingNew')).toBeInTheDocument()
  })

  it('offers to install a failed app again with a button that says what its text says', async () => {
    // Spec (App, status): "2 = error"; the service still offers the install (actions.install).
    const failed = { ...chat, status: 2 }
    const { unmount } = renderApp(failed)
    expect(
      screen.getByText('Install it again. If it keeps failing, contact your IT help desk.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Install Team Chat again' })).toHaveTextContent(
      'Install again',
    )
    unmount()
    await changeLanguage('de')
    const german = renderApp(failed)
    expect(
      screen.getByText(
        'Installieren Sie die App erneut. Wenn es weiterhin fehlschlägt, wenden Sie sich an Ihren IT‑Helpdesk.',
      ),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: 'Erneut installieren: Team Chat' }),
    ).toHaveTextContent('Erneut installieren')
    german.unmount()
    // Nothing to install again: no word of trying again.
    renderApp({ ...failed, actions: { install: { visible: false } } })
    expect(screen.queryByText(/erneut/)).toBeNull()
    expect(
      screen.getByText('Wenden Sie sich an Ihren IT‑Helpdesk, wenn Sie diese App brauchen.'),
    ).toBeInTheDocument()
  })

  it('tells why an app does not fit the device, and waits politely while the device answers', () => {
    const { unmount } = renderApp({ ...chat, devicetype: 'Tablet', compatibletodevice: false })
    expect(screen.getByText('This app is made for tablets only.')).toBeInTheDocument()
    expect(screen.queryByRole('button')).toBeNull()
    unmount()
    renderApp({ ...chat, status: 1, statusdetails: 'WaitingForDeviceReply' })
    expect(screen.getByText('Installing or uninstalling…')).toBeInTheDocument()
    expect(screen.getByText(/Waiting for the device to answer/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /Install/ })).toBeNull()
  })
})
