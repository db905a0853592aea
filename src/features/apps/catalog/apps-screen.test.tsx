import { QueryClient } from '@tanstack/react-query'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { LIVE_AFTER_MS } from '@/components/live'
import { appListQuery } from '@/entities/app/queries'
import { SAID_FOR_MS } from '@/features/apps/mutations'
import { deviceListQuery } from '@/entities/device/queries'
import { ApiError } from '@/lib/api/api-error'
import { apiRequest } from '@/lib/api/client'
import { changeLanguage } from '@/lib/i18n'
import { drawnNow, drawnSince } from '@/test/counted'
import { renderAtAddress } from '@/test/render-at-address'
import { held } from '@/test/held-request'
import { speaking } from '@/test/spoken'
import { deviceSchema, type App } from '@contract/schemas'
import { AppsScreen } from './apps-screen'

// Nothing is asked of the service: the lists are in the cache, and the icons never come.
vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/client')>()),
  apiRequest: vi.fn(() => new Promise(() => {})),
  apiFile: vi.fn(() => new Promise(() => {})),
}))
// The parts a keystroke may render, each render of them counted, memoized as they are.
vi.mock('./catalog-filters', async (importOriginal) => {
  const { counted } = await import('@/test/counted')
  const { CatalogFilters } = await importOriginal<typeof import('./catalog-filters')>()
  return { CatalogFilters: counted(() => 'filters', CatalogFilters) }
})
vi.mock('./app-catalog', async (importOriginal) => {
  const { counted } = await import('@/test/counted')
  const { AppCatalog } = await importOriginal<typeof import('./app-catalog')>()
  return { AppCatalog: counted(() => 'catalog', AppCatalog) }
})
vi.mock('./app-card', async (importOriginal) => {
  const { counted } = await import('@/test/counted')
  const { AppCard } = await importOriginal<typeof import('./app-card')>()
  return { AppCard: counted(({ app }) => `card ${app.id}`, AppCard) }
})
vi.mock('@/features/apps/on-device/device-picker', async (importOriginal) => {
  const { counted } = await import('@/test/counted')
  const { DevicePicker } =
    await importOriginal<typeof import('@/features/apps/on-device/device-picker')>()
  return { DevicePicker: counted(() => 'picker', DevicePicker) }
})
vi.mock('@/features/apps/on-device/refresh-from-device', async (importOriginal) => {
  const { counted } = await import('@/test/counted')
  const { RefreshFromDevice } =
    await importOriginal<typeof import('@/features/apps/on-device/refresh-from-device')>()
  return { RefreshFromDevice: counted(() => 'refresh', RefreshFromDevice) }
})
vi.mock('@/features/apps/on-device/status-announcer', async (importOriginal) => {
  const { counted } = await import('@/test/counted')
  const { StatusAnnouncer } =
    await importOriginal<typeof import('@/features/apps/on-device/status-announcer')>()
  return { StatusAnnouncer: counted(() => 'announcer', StatusAnnouncer) }
})

const devices = [
  deviceSchema.parse({ clientid: 'iphone', type: 2, displayname: "Anna's iPhone" }),
  deviceSchema.parse({ clientid: 'pixel', type: 4, displayname: "Anna's Pixel" }),
]
const app = (id: string, displayname: string, platform: 'Apple' | 'Android'): App => ({
  id,
  displayname,
  platform,
  devicetype: 'SmartphoneAndTablet',
  mandatory: false,
})
const apps = [
  app('AU8', 'Team Chat', 'Apple'),
  app('EA12', 'Secure Mail', 'Apple'),
  app('AU15', 'Travel Planner', 'Apple'),
  app('AN3', 'Field Notes', 'Android'),
]

const onIphone = apps.map((entry): App => ({
  ...entry,
  compatibletodevice: entry.platform === 'Apple',
  status: 0,
  actions: {
    install: { visible: true },
    uninstall: { visible: false },
    update: { visible: false },
  },
}))

/** The catalog at `entry` (two devices: none is chosen unless named), the address beside it. */
const renderCatalog = (entry: string, client?: QueryClient) =>
  renderAtAddress(
    '/apps',
    <AppsScreen />,
    entry,
    [
      [deviceListQuery().queryKey, devices],
      [appListQuery(null).queryKey, apps],
      // Opened again, the device's apps are as the tab last had them.
      ...(client?.getQueryData(appListQuery('iphone').queryKey)
        ? []
        : [[appListQuery('iphone').queryKey, onIphone] as [readonly unknown[], App[]]]),
    ],
    client,
  )

describe("a keystroke in the app catalog's search", () => {
  beforeEach(() => changeLanguage('en'))

  it('renders the box and the list once, and neither the cards that stay nor the rest of the page', async () => {
    const router = renderCatalog('/apps')
    // The picker fills in its devices in a render of its own: the page is settled once they show.
    expect(await screen.findByRole('option', { name: "Anna's Pixel" })).toBeInTheDocument()
    const before = drawnNow()

    fireEvent.input(screen.getByLabelText('Search by name'), { target: { value: 'team' } })
    expect(await screen.findByText('/apps?q=team')).toBeInTheDocument()
    expect(router.state.historyAction).toBe('REPLACE')
    expect(screen.getByRole('link', { name: 'Team Chat' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Secure Mail' })).not.toBeInTheDocument()

    // The keystroke's own render draws the box and the list (the filters' and the picker's
    // callbacks carry the new search); the deferred render and the address that follow draw
    // nothing again, and the card that stays is not drawn at all.
    expect(drawnSince(before)).toEqual({ filters: 1, catalog: 1, picker: 1 })
  })

  it('the search box names the count as its description, as every list does', async () => {
    renderCatalog('/apps?q=team')
    expect(await screen.findByRole('link', { name: 'Team Chat' })).toBeInTheDocument()
    expect(screen.getByLabelText('Search by name')).toHaveAccessibleDescription('1 of 4 apps')
  })

  it("with a device chosen, leaves the device's side and its cards as they are", async () => {
    renderCatalog('/apps?device=iphone')
    expect(await screen.findByRole('option', { name: "Anna's Pixel" })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Install Team Chat' })).toBeInTheDocument()
    const before = drawnNow()

    fireEvent.input(screen.getByLabelText('Search by name'), { target: { value: 'team' } })
    expect(await screen.findByText('/apps?device=iphone&q=team')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Secure Mail' })).not.toBeInTheDocument()
    expect(drawnSince(before)).toEqual({ filters: 1, catalog: 1, picker: 1 })
  })
})

describe('a catalog that a search or platform leaves empty', () => {
  afterEach(async () => {
    cleanup()
    await changeLanguage('en')
  })

  it.each([
    [
      'en',
      '/apps?q=%3Cb%3Ezed%3C%2Fb%3E',
      'No apps match “<b>zed</b>”',
      'Check the spelling, or search for part of the name.',
      'Clear search',
      'Search by name',
    ],
    [
      'en',
      '/apps?q=zed&platform=Android',
      'No apps match “zed” with the filters chosen',
      'Try other words, or another platform.',
      'Clear search and filters',
      'Search by name',
    ],
    [
      'de',
      '/apps?q=%3Cb%3Ezed%3C%2Fb%3E',
      'Keine Apps zu „<b>zed</b>“',
      'Prüfen Sie die Schreibweise oder suchen Sie nach einem Teil des Namens.',
      'Suche löschen',
      'Nach Namen suchen',
    ],
    [
      'de',
      '/apps?q=zed&platform=Android',
      'Keine Apps zu „zed“ mit den gewählten Filtern',
      'Versuchen Sie andere Suchbegriffe oder eine andere Plattform.',
      'Suche und Filter zurücksetzen',
      'Nach Namen suchen',
    ],
  ] as const)(
    'names what was searched, says it once to screen readers and clears it, the keyboard at the search (%s, %s)',
    async (language, entry, title, hint, clear, search) => {
      await changeLanguage(language)
      renderCatalog(entry)
      // The term shows as typed, as text: never as markup.
      expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument()
      expect(document.querySelector('b')).toBeNull()
      expect(screen.getByText(hint)).toBeInTheDocument()
      // Said once, by the catalog's count (the page's other status region speaks of installs).
      const saying = screen
        .getAllByRole('status')
        .filter((status) => status.textContent?.includes(title))
      expect(saying).toHaveLength(1)

      fireEvent.click(screen.getByRole('button', { name: clear }))
      expect(await screen.findByText('/apps')).toBeInTheDocument()
      expect(screen.getByRole('link', { name: 'Team Chat' })).toBeInTheDocument()
      expect(screen.getByLabelText(search)).toHaveValue('')
      expect(screen.getByLabelText(search)).toHaveFocus()
    },
  )

  it.each([
    ['en', 'Search by name', 'No apps match “au”'],
    ['de', 'Nach Namen suchen', 'Keine Apps zu „au“'],
  ] as const)(
    'finds an app by the name its card shows, never by the id no screen shows (%s)',
    async (language, search, none) => {
      await changeLanguage(language)
      renderCatalog('/apps')
      expect(await screen.findByRole('link', { name: 'Team Chat' })).toBeInTheDocument()
      // Team Chat's id is AU8: "au" is in no name a card shows, so it finds nothing.
      fireEvent.input(screen.getByLabelText(search), { target: { value: 'au' } })
      expect(await screen.findByRole('heading', { level: 2, name: none })).toBeInTheDocument()
      expect(screen.queryByRole('link', { name: 'Team Chat' })).not.toBeInTheDocument()
      fireEvent.input(screen.getByLabelText(search), { target: { value: 'chat' } })
      expect(await screen.findByRole('link', { name: 'Team Chat' })).toBeInTheDocument()
      expect(screen.queryByRole('link', { name: 'Secure Mail' })).not.toBeInTheDocument()
    },
  )

  it.each([
    [
      'en',
      'No apps match “notes”',
      "“notes” matches only 1 app for another platform, which cannot go on Anna's iPhone.",
      'Show all my apps',
      'Clear search',
    ],
    [
      'de',
      'Keine Apps zu „notes“',
      "Zu „notes“ passt nur 1 App für eine andere Plattform, die nicht auf Anna's iPhone installiert werden kann.",
      'Alle meine Apps anzeigen',
      'Suche löschen',
    ],
  ] as const)(
    'keeps saying that the search matches apps of another platform, with the way to them (%s)',
    async (language, title, hint, all, clear) => {
      await changeLanguage(language)
      renderCatalog('/apps?device=iphone&q=notes')
      expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument()
      expect(screen.getByText(hint)).toBeInTheDocument()
      expect(screen.getByRole('link', { name: all })).toBeInTheDocument()
      expect(screen.getByRole('button', { name: clear })).toBeInTheDocument()
    },
  )
})

describe('a refusal whose card is not shown', () => {
  afterEach(async () => {
    cleanup()
    await changeLanguage('en')
  })

  it.each([
    ['en', 'Search by name', 'Secure Mail could not be installed: The device is locked.'],
    [
      'de',
      'Nach Namen suchen',
      'Secure Mail konnte nicht installiert werden: The device is locked.',
    ],
  ] as const)(
    'says a refusal once, by the screen, while its card is not shown (%s)',
    async (language, search, refused) => {
      await changeLanguage(language)
      renderCatalog('/apps?device=iphone')
      const refusal = held()
      const [install] = await screen.findAllByRole('button', { name: /Secure Mail/ })
      await userEvent.click(install!)
      // A search leaves the card out as the service refuses: the screen's region says it…
      fireEvent.input(screen.getByLabelText(search), { target: { value: 'team' } })
      await vi.waitFor(() => expect(screen.queryByText('Secure Mail')).toBeNull(), {
        timeout: 5000,
      })
      refusal.refuse(new ApiError('api', { status: 400, serverMessage: 'The device is locked.' }))
      await vi.waitFor(() => expect(speaking(refused)).toHaveLength(1), { timeout: 5000 })
      const [region] = speaking(refused)

      // …and the card, shown again, shows it without saying it a second time.
      fireEvent.input(screen.getByLabelText(search), { target: { value: '' } })
      const card = (await screen.findByRole('link', { name: 'Secure Mail' })).closest('li')!
      expect(within(card).getByText(refused)).toBeVisible()
      await new Promise((resolve) => setTimeout(resolve, LIVE_AFTER_MS * 3))
      expect(speaking(refused)).toEqual([region])
    },
  )
})

describe('the same refusal twice', () => {
  beforeEach(() => changeLanguage('en'))

  it('is said both times: the region holds the words a while, then is empty again', async () => {
    renderCatalog('/apps?device=iphone')
    const refused = 'Secure Mail could not be installed: The device is locked.'
    const locked = new ApiError('api', { status: 400, serverMessage: 'The device is locked.' })
    for (const time of ['first', 'second']) {
      const install = await screen.findByRole('button', { name: 'Install Secure Mail' })
      const refusal = held()
      const sent = vi.mocked(apiRequest).mock.calls.length
      fireEvent.click(install)
      await vi.waitFor(() => expect(apiRequest).toHaveBeenCalledTimes(sent + 1), {
        timeout: 20_000,
      })
      refusal.refuse(locked)
      await vi.waitFor(() => expect(speaking(refused), time).toHaveLength(1), { timeout: 20_000 })
      vi.useFakeTimers({ shouldAdvanceTime: true })
      // Held long enough for a screen reader to take the words, then let go: the card shows them.
      await vi.advanceTimersByTimeAsync(SAID_FOR_MS)
      await vi.waitFor(() => expect(speaking(refused), time).toHaveLength(0), { timeout: 20_000 })
      expect(screen.getByText(refused)).toBeVisible()
      vi.useRealTimers()
    }
  })
})

describe('an install or uninstall answered while the screen was away', () => {
  beforeEach(() => changeLanguage('en'))

  it('is shown and said as the user comes back, and on a later visit shown only', async () => {
    const client = new QueryClient({
      defaultOptions: { queries: { staleTime: Infinity }, mutations: { retry: false } },
    })
    renderCatalog('/apps?device=iphone', client)
    const install = held()
    await userEvent.click(await screen.findByRole('button', { name: 'Install Team Chat' }))
    const refusal = held()
    await userEvent.click(screen.getByRole('button', { name: 'Install Secure Mail' }))
    // The user goes elsewhere; meanwhile the service takes one and refuses the other.
    cleanup()
    install.take({ success: true })
    refusal.refuse(new ApiError('api', { status: 400, serverMessage: 'The device is locked.' }))
    await vi.waitFor(() => expect(client.isMutating()).toBe(0), { timeout: 20_000 })
    const waiting = "Team Chat: waiting for Anna's iPhone to answer."
    const refused = 'Secure Mail could not be installed: The device is locked.'

    renderCatalog('/apps?device=iphone', client)
    expect(await screen.findByText('Installing…')).toBeInTheDocument()
    expect(screen.getByText(refused)).toBeVisible()
    await vi.waitFor(() => expect(speaking(waiting)).toHaveLength(1), { timeout: 20_000 })
    await vi.waitFor(() => expect(speaking(refused)).toHaveLength(1), { timeout: 20_000 })

    cleanup()
    renderCatalog('/apps?device=iphone', client)
    expect(await screen.findByText('Installing…')).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, LIVE_AFTER_MS * 3))
    expect(screen.getByText(refused)).toBeVisible()
    expect(speaking(waiting)).toHaveLength(0)
    expect(speaking(refused)).toHaveLength(0)
  })
})
