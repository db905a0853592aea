import { QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { appListQuery } from '@/entities/app/queries'
import { helpdeskRoleQuery } from '@/entities/user/helpdesk-role'
import { ApiError } from '@/lib/api/api-error'
import { apiRequest } from '@/lib/api/client'
import { changeLanguage } from '@/lib/i18n'
import { renderAtAddress } from '@/test/render-at-address'
import { held } from '@/test/held-request'
import { speaking, spoken } from '@/test/spoken'
import { LIVE_AFTER_MS } from '@/components/live'
import { deviceSchema, type App } from '@contract/schemas'
import { AdminDeviceApps } from './admin-device-apps'
import { SAID_FOR_MS } from '@/features/apps/mutations'

// The answers are in the cache; a request sent is answered as the service takes it.
vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/client')>()),
  apiRequest: vi.fn(() => Promise.resolve({ success: true })),
  apiFile: vi.fn(() => new Promise(() => {})),
  portalRequest: vi.fn(() => new Promise(() => {})),
}))

const iphone = deviceSchema.parse({ clientid: 'iphone', type: 2, displayname: "Anna's iPhone" })
const app = (n: number, name: string): App => ({
  id: `A${n}`,
  displayname: name,
  platform: 'Apple',
  devicetype: 'SmartphoneAndTablet',
  compatibletodevice: true,
  mandatory: false,
  status: 0,
  actions: {},
})
// A large tenant's Apple apps: a thousand, one of them the app the caller asks about.
const apps = [
  ...Array.from({ length: 999 }, (_, i) => app(i, `Tool ${String(i).padStart(3, '0')}`)),
  app(999, 'Team Chat'),
]

/** Lays nothing out, as jsdom: the window list measures one column, once. */
class StillSize {
  observe() {}
  unobserve() {}
  disconnect() {}
}

/** The apps' rows rendered. */
const rowsShown = () => [...document.querySelectorAll<HTMLElement>('li.admin-app')]

/** The row of an app, by its name. */
const rowOf = (name: string) => screen.getByRole('heading', { name }).closest('li')!

/** Scrolls the page to `y` (jsdom moves nothing: the window list reads the offset and the event). */
const scrollTo = (y: number) => {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y })
  Object.defineProperty(window, 'pageYOffset', { configurable: true, value: y })
  fireEvent.scroll(window)
}

/** The service refuses the request with its own words. */
const refused = () =>
  Promise.reject(new ApiError('api', { status: 400, serverMessage: 'The device is locked.' }))

/** The tab's cache, kept while the agent leaves the device's page and comes back. */
const tab = () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })

const renderPanel = (client = tab()) =>
  renderAtAddress(
    '/admin/devices/:id',
    <AdminDeviceApps device={iphone} />,
    '/admin/devices/x',
    [
      [appListQuery(null).queryKey, apps],
      [helpdeskRoleQuery().queryKey, { role: 'admin', roles: true }],
    ],
    client,
  )

describe("the help desk's apps panel of a tenant with a thousand apps", () => {
  beforeEach(async () => {
    vi.stubGlobal('ResizeObserver', StillSize)
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined)
    // Each row as tall as a card on a screen (jsdom measures nothing).
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(180)
    scrollTo(0)
    await changeLanguage('en')
  })
  afterEach(async () => {
    cleanup()
    vi.useRealTimers()
    vi.unstubAllGlobals()
    vi.mocked(apiRequest).mockClear()
    await changeLanguage('en')
  })

  it('renders a screenful of rows, no closed dialogs and two status regions', async () => {
    renderPanel()
    const remove = await screen.findByRole('button', { name: 'Request removal of Tool 000' })
    expect(document.querySelectorAll('dialog')).toHaveLength(0)
    // The count and the requests the service took.
    expect(document.querySelectorAll('[role=status]')).toHaveLength(2)
    const rows = rowsShown()
    expect(rows.length).toBeGreaterThan(0)
    expect(rows.length).toBeLessThan(60)
    expect(rows[0]).toHaveAttribute('aria-setsize', '1000')
    expect(screen.getAllByText('1,000 apps')).toHaveLength(2)

    // The dialog comes for the row that asks for it, and only for it.
    await userEvent.click(remove)
    expect(document.querySelectorAll('dialog')).toHaveLength(1)
  })

  it('finds an app by its name, counts what it shows and says what it sent, once', async () => {
    renderPanel()
    const search = await screen.findByRole('searchbox', { name: 'Search by name' })
    fireEvent.change(search, { target: { value: 'team' } })
    expect(screen.getAllByText('1 of 1,000 apps')).not.toHaveLength(0)
    const rows = rowsShown()
    expect(rows).toHaveLength(1)
    await userEvent.click(
      within(rows[0]!).getByRole('button', { name: 'Request installation of Team Chat' }),
    )
    expect(apiRequest).toHaveBeenCalledWith(
      'app/install',
      { id: 'A999', clientid: 'iphone' },
      expect.anything(),
    )
    const said =
      "Installation of Team Chat requested on Anna's iPhone: the service took the request, and the device reports the result with its next app list."
    const statuses = [...document.querySelectorAll('[role=status]')]
    expect(await screen.findAllByText(said)).toHaveLength(2)
    expect(statuses.filter((status) => status.textContent === said)).toHaveLength(1)

    fireEvent.change(search, { target: { value: 'zzqx' } })
    expect(screen.getByRole('heading', { name: 'No apps match “zzqx”' })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }))
    expect(search).toHaveFocus()
    expect(search).toHaveValue('')
  })

  it('says a request once in browse mode: the region holds the words for a while, then the row', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    renderPanel()
    const search = await screen.findByRole('searchbox', { name: 'Search by name' })
    fireEvent.change(search, { target: { value: 'team' } })
    const [row] = rowsShown()
    fireEvent.click(within(row!).getByRole('button', { name: 'Request installation of Team Chat' }))
    const said =
      "Installation of Team Chat requested on Anna's iPhone: the service took the request, and the device reports the result with its next app list."
    const region = screen.getAllByRole('status').find((status) => !status.id)!
    // Said as the service takes it…
    await vi.waitFor(() => expect(region).toHaveTextContent(said), { timeout: 30_000 })
    // …while the region holds the words, the row's are shown but not read a second time…
    const readable = () =>
      screen.getAllByText(said).filter((element) => !element.closest('[aria-hidden]'))
    expect(within(row!).getByText(said)).toBeVisible()
    expect(readable()).toEqual([region])
    // …and then found in one place only: the row, where a listener reading the page meets it.
    await vi.advanceTimersByTimeAsync(SAID_FOR_MS)
    await vi.waitFor(() => expect(region).toBeEmptyDOMElement(), { timeout: 30_000 })
    const found = readable()
    expect(found).toHaveLength(1)
    expect(row).toContainElement(found[0]!)
  })

  it("keeps a row's failure while the row is scrolled away, and shows it as it comes back", async () => {
    renderPanel()
    const request = await screen.findByRole('button', { name: 'Request installation of Tool 000' })
    vi.mocked(apiRequest).mockImplementationOnce(refused)
    await userEvent.click(request)
    const failed = 'Tool 000 could not be installed: The device is locked.'
    await vi.waitFor(() => expect(speaking(failed)).toHaveLength(1), { timeout: 20_000 })
    expect(within(rowOf('Tool 000')).getByText(failed)).toBeVisible()

    // Far down the list the row is no longer rendered (the focused row would stay: the agent has
    // gone on to the search box)…
    screen.getByRole('searchbox').focus()
    scrollTo(180 * 500)
    await vi.waitFor(() => expect(screen.queryByText('Tool 000')).not.toBeInTheDocument(), {
      timeout: 5000,
    })
    // …and back up, it shows what happened to its request, said once already as it came.
    scrollTo(0)
    const row = (await screen.findByText('Tool 000')).closest('li')!
    expect(within(row).getByText(failed)).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, LIVE_AFTER_MS * 3))
    expect(speaking(failed).filter((region) => row.contains(region))).toHaveLength(0)
    expect(apiRequest).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['en', 'Tool 000 could not be installed: The device is locked.'],
    ['de', 'Tool 000 konnte nicht installiert werden: The device is locked.'],
  ] as const)(
    'says a refusal that comes while its row is scrolled away, once, through its status region (%s)',
    async (language, failed) => {
      cleanup()
      await changeLanguage(language)
      renderPanel()
      const install = held()
      const [request] = await screen.findAllByRole('button', { name: /Tool 000/ })
      await userEvent.click(request!)
      // The agent goes on (to the search box) and down the list: the row is no longer rendered…
      screen.getByRole('searchbox').focus()
      scrollTo(180 * 500)
      await vi.waitFor(() => expect(screen.queryByText('Tool 000')).not.toBeInTheDocument(), {
        timeout: 5000,
      })
      // …when the service refuses: the panel's region says it, the row being away.
      install.refuse(new ApiError('api', { status: 400, serverMessage: 'The device is locked.' }))
      const region = screen.getAllByRole('status').find((status) => !status.id)!
      await vi.waitFor(() => expect(spoken(region)).toBe(failed), { timeout: 5000 })
      expect(speaking(failed)).toEqual([region])

      // Back up, the row shows it and does not say it again.
      scrollTo(0)
      const row = (await screen.findByText('Tool 000')).closest('li')!
      expect(within(row).getByText(failed)).toBeVisible()
      await new Promise((resolve) => setTimeout(resolve, LIVE_AFTER_MS * 3))
      expect(speaking(failed)).toEqual([region])
    },
  )

  it('says a refusal that comes into the open uninstall dialog there, once: the page behind is out of reach', async () => {
    renderPanel()
    const uninstall = held()
    await userEvent.click(
      await screen.findByRole('button', { name: 'Request removal of Tool 001' }),
    )
    const dialog = screen.getByRole('dialog', { name: "Uninstall Tool 001 from Anna's iPhone?" })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Uninstall' }))
    uninstall.refuse(new ApiError('api', { status: 400, serverMessage: 'The device is locked.' }))
    const failed = 'Tool 001 could not be uninstalled: The device is locked.'
    await vi.waitFor(() => expect(speaking(failed)).toHaveLength(1), { timeout: 5000 })
    expect(dialog).toContainElement(speaking(failed)[0]!)
    await new Promise((resolve) => setTimeout(resolve, LIVE_AFTER_MS * 3))
    expect(speaking(failed)).toHaveLength(1)
  })

  it('keeps a request on its way pending when its row comes back: nothing is sent twice', async () => {
    renderPanel()
    const request = await screen.findByRole('button', { name: 'Request installation of Tool 000' })
    vi.mocked(apiRequest).mockImplementationOnce(() => new Promise(() => {}))
    await userEvent.click(request)
    expect(request).toHaveAttribute('aria-disabled', 'true')

    // The focused row stays rendered: the agent has gone on (to the search box).
    screen.getByRole('searchbox').focus()
    scrollTo(180 * 500)
    await vi.waitFor(() => expect(screen.queryByText('Tool 000')).not.toBeInTheDocument(), {
      timeout: 5000,
    })
    scrollTo(0)
    const again = await screen.findByRole('button', { name: 'Request installation of Tool 000' })
    expect(again).not.toBe(request)
    expect(again).toHaveAttribute('aria-disabled', 'true')
    await userEvent.click(again)
    expect(apiRequest).toHaveBeenCalledTimes(1)
  })

  it('shows a request the service took after its row was scrolled away on its way', async () => {
    renderPanel()
    const request = await screen.findByRole('button', { name: 'Request installation of Tool 000' })
    let answer = (_value: unknown) => {}
    vi.mocked(apiRequest).mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)))
    await userEvent.click(request)
    // The focused row stays rendered: the agent has gone on (to the search box).
    screen.getByRole('searchbox').focus()
    scrollTo(180 * 500)
    await vi.waitFor(() => expect(screen.queryByText('Tool 000')).not.toBeInTheDocument(), {
      timeout: 5000,
    })
    answer({ success: true })
    scrollTo(0)
    const row = (await screen.findByText('Tool 000')).closest('li')!
    const sent =
      "Installation of Tool 000 requested on Anna's iPhone: the service took the request, and the device reports the result with its next app list."
    await vi.waitFor(() => expect(within(row).getByText(sent)).toBeInTheDocument(), {
      timeout: 5000,
    })
  })

  it('keeps a failure through a search that hides its row, and shows it once the search is cleared', async () => {
    renderPanel()
    const search = await screen.findByRole('searchbox', { name: 'Search by name' })
    fireEvent.change(search, { target: { value: 'team' } })
    const [row] = rowsShown()
    vi.mocked(apiRequest).mockImplementationOnce(refused)
    await userEvent.click(
      within(row!).getByRole('button', { name: 'Request installation of Team Chat' }),
    )
    const failed = 'Team Chat could not be installed: The device is locked.'
    expect(await within(row!).findByText(failed)).toBeVisible()

    // A search that leaves the row out, then one that finds nothing: the failure is not shown…
    await userEvent.click(search)
    fireEvent.change(search, { target: { value: 'tool 00' } })
    expect(screen.queryAllByText(failed).filter((shown) => shown.closest('li'))).toEqual([])
    fireEvent.change(search, { target: { value: 'zzqx' } })
    await userEvent.click(screen.getByRole('button', { name: 'Clear search' }))
    // …and comes back with its row.
    fireEvent.change(search, { target: { value: 'team' } })
    expect(within(rowsShown()[0]!).getByText(failed)).toBeInTheDocument()
    expect(apiRequest).toHaveBeenCalledTimes(1)
  })

  it("keeps a row's failure while the panel is open, long after another app's request", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    renderPanel()
    const first = await screen.findByRole('button', { name: 'Request installation of Tool 000' })
    vi.mocked(apiRequest).mockImplementationOnce(refused)
    fireEvent.click(first)
    const failed = 'Tool 000 could not be installed: The device is locked.'
    expect(await within(rowOf('Tool 000')).findByText(failed)).toBeVisible()
    fireEvent.click(screen.getByRole('button', { name: 'Request installation of Tool 001' }))
    // An hour on (TanStack Query lets a mutation nobody watches go after five minutes)…
    await vi.advanceTimersByTimeAsync(60 * 60_000)
    // …the refusal is still there.
    expect(within(rowOf('Tool 000')).getByText(failed)).toBeVisible()
  })

  it('keeps a request on its way when the agent leaves the device and comes back: nothing is sent twice', async () => {
    const client = tab()
    renderPanel(client)
    const install = held()
    await userEvent.click(
      await screen.findByRole('button', { name: 'Request installation of Tool 000' }),
    )
    const uninstall = held()
    await userEvent.click(screen.getByRole('button', { name: 'Request removal of Tool 001' }))
    await userEvent.click(screen.getByRole('button', { name: 'Uninstall' }))
    expect(apiRequest).toHaveBeenCalledTimes(2)

    // The panel is closed with the page, and opened again with it.
    cleanup()
    renderPanel(client)
    const again = await screen.findByRole('button', { name: 'Request installation of Tool 000' })
    expect(again).toHaveAttribute('aria-disabled', 'true')
    await userEvent.click(again)
    await userEvent.click(screen.getByRole('button', { name: 'Request removal of Tool 001' }))
    const dialog = screen.getByRole('dialog', { name: "Uninstall Tool 001 from Anna's iPhone?" })
    expect(within(dialog).getByRole('button', { name: 'Sending…' })).toBeVisible()
    expect(apiRequest).toHaveBeenCalledTimes(2)

    // The answers come: the dialog that waited for its one closes, and each row says it.
    uninstall.take({ success: true })
    install.take({ success: true })
    await vi.waitFor(
      () =>
        expect(
          screen.queryByRole('heading', { name: "Uninstall Tool 001 from Anna's iPhone?" }),
        ).toBeNull(),
      { timeout: 5000 },
    )
    expect(
      await within(rowOf('Tool 000')).findByText(
        "Installation of Tool 000 requested on Anna's iPhone: the service took the request, and the device reports the result with its next app list.",
      ),
    ).toBeInTheDocument()
    expect(
      within(rowOf('Tool 001')).getByText(
        "Removal of Tool 001 requested on Anna's iPhone: the service took the request, and the device reports the result with its next app list.",
      ),
    ).toBeInTheDocument()
    expect(
      screen.getByRole('button', { name: 'Request installation of Tool 000' }),
    ).not.toHaveAttribute('aria-disabled')
  })

  it('shows, as it opens again, what the service answered while the panel was closed, an hour on', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const client = tab()
    renderPanel(client)
    const first = held()
    fireEvent.click(await screen.findByRole('button', { name: 'Request installation of Tool 000' }))
    const second = held()
    fireEvent.click(screen.getByRole('button', { name: 'Request installation of Tool 001' }))
    await vi.waitFor(() => expect(apiRequest).toHaveBeenCalledTimes(2), { timeout: 5000 })
    cleanup()

    first.refuse(new ApiError('api', { status: 400, serverMessage: 'The device is locked.' }))
    second.take({ success: true })
    // TanStack Query lets a mutation nobody watches go after five minutes.
    await vi.advanceTimersByTimeAsync(60 * 60_000)
    renderPanel(client)
    await screen.findByRole('heading', { name: 'Tool 000' })
    expect(
      within(rowOf('Tool 000')).getByText('Tool 000 could not be installed: The device is locked.'),
    ).toBeInTheDocument()
    expect(
      within(rowOf('Tool 001')).getByText(
        "Installation of Tool 001 requested on Anna's iPhone: the service took the request, and the device reports the result with its next app list.",
      ),
    ).toBeInTheDocument()
  })

  it('says, as it opens again, what the service answered while the panel was closed, and only then', async () => {
    const client = tab()
    renderPanel(client)
    const first = held()
    await userEvent.click(
      await screen.findByRole('button', { name: 'Request installation of Tool 000' }),
    )
    const second = held()
    await userEvent.click(screen.getByRole('button', { name: 'Request installation of Tool 001' }))
    cleanup()
    first.refuse(new ApiError('api', { status: 400, serverMessage: 'The device is locked.' }))
    second.take({ success: true })
    // Both answers are in before the agent comes back.
    await vi.waitFor(() => expect(client.isMutating()).toBe(0), { timeout: 20_000 })
    const refused = 'Tool 000 could not be installed: The device is locked.'
    const taken =
      "Installation of Tool 001 requested on Anna's iPhone: the service took the request, and the device reports the result with its next app list."

    // Back on the device's page: both are shown and said, each by one live region…
    renderPanel(client)
    await screen.findByRole('heading', { name: 'Tool 000' })
    await vi.waitFor(() => expect(speaking(refused)).toHaveLength(1), { timeout: 20_000 })
    await vi.waitFor(() => expect(speaking(taken)).toHaveLength(1), { timeout: 20_000 })
    expect(within(rowOf('Tool 000')).getByText(refused)).toBeVisible()
    expect(within(rowOf('Tool 001')).getByText(taken)).toBeInTheDocument()

    // …and on the next visit shown, not said again.
    cleanup()
    renderPanel(client)
    await screen.findByRole('heading', { name: 'Tool 000' })
    await new Promise((resolve) => setTimeout(resolve, LIVE_AFTER_MS * 3))
    expect(within(rowOf('Tool 000')).getByText(refused)).toBeVisible()
    expect(within(rowOf('Tool 001')).getByText(taken)).toBeVisible()
    expect(speaking(refused)).toHaveLength(0)
    expect(speaking(taken)).toHaveLength(0)
  })

  it('sends one request for two presses in the same moment', async () => {
    renderPanel()
    const request = await screen.findByRole('button', { name: 'Request installation of Tool 000' })
    vi.mocked(apiRequest).mockImplementationOnce(() => new Promise(() => {}))
    fireEvent.click(request)
    fireEvent.click(request)
    await vi.waitFor(() => expect(apiRequest).toHaveBeenCalled(), { timeout: 5000 })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(apiRequest).toHaveBeenCalledTimes(1)
  })

  it('searches and counts in German', async () => {
    cleanup()
    await changeLanguage('de')
    renderPanel()
    const search = await screen.findByRole('searchbox', { name: 'Nach Namen suchen' })
    fireEvent.change(search, { target: { value: 'team' } })
    expect(document.querySelector('.list-count')).toHaveTextContent('1 von 1.000 Apps')
    expect(rowsShown()).toHaveLength(1)
  })
})
