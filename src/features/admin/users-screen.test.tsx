import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { deviceListQuery } from '@/entities/device/queries'
import { changeLanguage } from '@/lib/i18n'
import { drawnNow, drawnSince } from '@/test/counted'
import { renderAtAddress } from '@/test/render-at-address'
import { deviceSchema, type User } from '@contract/schemas'
import { userListQuery } from './api'
import { UsersScreen } from './users-screen'

// Nothing is asked of the service: the lists are in the cache.
vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/client')>()),
  apiRequest: vi.fn(() => new Promise(() => {})),
  portalRequest: vi.fn(() => new Promise(() => {})),
}))
// The parts a keystroke may render, each render of them counted, memoized as they are.
vi.mock('@/components/search-field', async (importOriginal) => {
  const { counted } = await import('@/test/counted')
  const { SearchField } = await importOriginal<typeof import('@/components/search-field')>()
  return { SearchField: counted(() => 'search', SearchField) }
})
vi.mock('./user-card', async (importOriginal) => {
  const { counted } = await import('@/test/counted')
  const { UserCard } = await importOriginal<typeof import('./user-card')>()
  return { UserCard: counted(({ user }) => `card ${user.sid}`, UserCard) }
})
vi.mock('./invite-dialog', async (importOriginal) => {
  const { counted } = await import('@/test/counted')
  const original = await importOriginal<typeof import('./invite-dialog')>()
  return { ...original, InviteDialog: counted(() => 'invite', original.InviteDialog) }
})

const user = (sid: string, displayname: string, email: string): User => ({
  sid,
  displayname,
  email,
})
const users = [
  user('S-1', 'Anna Berg', 'anna@example.com'),
  user('S-2', 'Ben Meyer', 'ben@example.com'),
  user('S-3', 'Chris Wolf', 'chris@example.com'),
]
const devices = [deviceSchema.parse({ clientid: 'iphone', type: 2, usersid: 'S-1' })]

/** The help desk's users at `/admin/users`, with the address shown beside them. */
const renderUsers = () =>
  renderAtAddress('/admin/users', <UsersScreen deleted={null} />, '/admin/users', [
    [userListQuery().queryKey, users],
    [deviceListQuery().queryKey, devices],
  ])

describe("a keystroke in the help desk's user search", () => {
  beforeEach(() => changeLanguage('en'))

  it('renders the box once, and neither the users that stay nor the invitation', async () => {
    const router = renderUsers()
    expect(await screen.findByText('1 device')).toBeInTheDocument()
    const before = drawnNow()

    fireEvent.input(screen.getByLabelText('Search users'), { target: { value: 'anna' } })
    expect(await screen.findByText('/admin/users?q=anna')).toBeInTheDocument()
    expect(router.state.historyAction).toBe('REPLACE')
    expect(screen.getByRole('status')).toHaveTextContent('1 of 3 users')
    expect(screen.getByRole('link', { name: 'Anna Berg' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Ben Meyer' })).not.toBeInTheDocument()

    // The keystroke's own render draws the box; the filtered list, in the deferred render,
    // draws no card that stays; the address that follows draws nothing again.
    expect(drawnSince(before)).toEqual({ search: 1 })
  })
})

describe('a user search that finds no one', () => {
  afterEach(async () => {
    cleanup()
    await changeLanguage('en')
  })

  it.each([
    ['en', 'No users match “<b>zed</b>”', 'Clear search', 'Search users'],
    ['de', 'Keine Benutzer zu „<b>zed</b>“', 'Suche löschen', 'Benutzer suchen'],
  ] as const)(
    'names what was searched, says it once to screen readers, and clears it (%s)',
    async (language, title, clear, search) => {
      await changeLanguage(language)
      renderAtAddress('/admin/users', <UsersScreen deleted={null} />, '/admin/users?q=<b>zed</b>', [
        [userListQuery().queryKey, users],
        [deviceListQuery().queryKey, devices],
      ])
      // The term shows as typed, as text: never as markup.
      expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument()
      expect(document.querySelector('b')).toBeNull()
      expect(screen.getByRole('status')).toHaveTextContent(title)
      expect(document.querySelectorAll('[role=status], [aria-live]')).toHaveLength(1)

      fireEvent.click(screen.getByRole('button', { name: clear }))
      expect(await screen.findByRole('link', { name: 'Anna Berg' })).toBeInTheDocument()
      expect(screen.getByLabelText(search)).toHaveValue('')
      expect(screen.getByLabelText(search)).toHaveFocus()
    },
  )
})

describe("the help desk's user list order", () => {
  afterEach(async () => {
    cleanup()
    await changeLanguage('en')
  })

  const many = [
    user('S-1', 'Anna Berg', 'anna@example.com'),
    user('S-2', 'Ben Meyer', 'ben@example.com'),
    user('S-3', 'Chris Wolf', 'chris@example.com'),
  ]
  // Ben has two devices, Chris one, Anna none.
  const theirDevices = [
    deviceSchema.parse({ clientid: 'pixel', type: 1, usersid: 'S-2' }),
    deviceSchema.parse({ clientid: 'iphone', type: 2, usersid: 'S-3' }),
    deviceSchema.parse({ clientid: 'mac', type: 2, usersid: 'S-2' }),
  ]
  const shownNames = () =>
    screen.getAllByRole('listitem').map((item) => item.querySelector('h2')?.textContent)
  const renderOrdered = (entry: string, withDevices = true) =>
    renderAtAddress('/admin/users', <UsersScreen deleted={null} />, entry, [
      [userListQuery().queryKey, many],
      ...(withDevices ? [[deviceListQuery().queryKey, theirDevices] as [QueryKey, unknown]] : []),
    ])

  it.each([
    ['en', 'Sort by', 'Devices (most first)', '3 of 3 users, most devices first', 'Name (A–Z)'],
    [
      'de',
      'Sortieren nach',
      'Geräte (die meisten zuerst)',
      '3 von 3 Benutzern, die meisten Geräte zuerst',
      'Name (A–Z)',
    ],
  ] as const)(
    "follows the address's order, says it with the count, and Back brings the one before (%s)",
    async (language, label, most, counted, byName) => {
      await changeLanguage(language)
      const router = renderOrdered('/admin/users?q=e')
      expect(await screen.findByRole('option', { name: most })).toBeInTheDocument()
      expect(screen.getByLabelText(label)).toHaveDisplayValue(byName)
      expect(shownNames()).toEqual(['Anna Berg', 'Ben Meyer', 'Chris Wolf'])

      fireEvent.focus(screen.getByLabelText(label))
      fireEvent.change(screen.getByLabelText(label), { target: { value: 'devices-desc' } })
      expect(await screen.findByText('/admin/users?q=e&sort=devices-desc')).toBeInTheDocument()
      expect(router.state.historyAction).toBe('PUSH')
      expect(shownNames()).toEqual(['Ben Meyer', 'Chris Wolf', 'Anna Berg'])
      expect(screen.getByRole('status')).toHaveTextContent(counted)

      await act(() => router.navigate(-1))
      expect(screen.getByLabelText(label)).toHaveDisplayValue(byName)
      expect(shownNames()).toEqual(['Anna Berg', 'Ben Meyer', 'Chris Wolf'])
    },
  )

  it.each([
    ['en', '3 users, fewest devices first'],
    ['de', '3 Benutzer, die wenigsten Geräte zuerst'],
  ] as const)('opens a shared link in its order (%s)', async (language, counted) => {
    await changeLanguage(language)
    renderOrdered('/admin/users?sort=devices-asc')
    expect(await screen.findByRole('status')).toHaveTextContent(counted)
    expect(shownNames()).toEqual(['Anna Berg', 'Chris Wolf', 'Ben Meyer'])
  })

  it('reads an unknown order as by name, and says no order', async () => {
    renderOrdered('/admin/users?sort=created')
    expect(await screen.findByRole('status')).toHaveTextContent(/^3 users$/)
    expect(screen.getByLabelText('Sort by')).toHaveValue('name')
    expect(shownNames()).toEqual(['Anna Berg', 'Ben Meyer', 'Chris Wolf'])
  })

  it.each([
    ['en', '3 users, by name until the devices are counted'],
    ['de', '3 Benutzer, nach Name, bis die Geräte gezählt sind'],
  ] as const)(
    'stays by name, and says so, until all the devices have arrived (%s)',
    async (language, waiting) => {
      await changeLanguage(language)
      renderOrdered('/admin/users?sort=devices-desc', false)
      expect(await screen.findByRole('status')).toHaveTextContent(waiting)
      expect(shownNames()).toEqual(['Anna Berg', 'Ben Meyer', 'Chris Wolf'])
    },
  )
})

describe('a user list asked to sort by devices that could not be read', () => {
  afterEach(async () => {
    cleanup()
    await changeLanguage('en')
  })

  it.each([
    ['en', '3 users, by name: the devices could not be counted'],
    ['de', '3 Benutzer, nach Name: die Geräte konnten nicht gezählt werden'],
  ] as const)('stays by name and says why, not that it waits (%s)', async (language, said) => {
    await changeLanguage(language)
    // As the portal's client: a failed read is not asked again by the screen that shows it.
    const client = new QueryClient({
      defaultOptions: { queries: { staleTime: Infinity, retryOnMount: false } },
    })
    client.setQueryData(userListQuery().queryKey, users)
    // The tenant's devices failed to load, with nothing of them arrived.
    client
      .getQueryCache()
      .build(client, { queryKey: deviceListQuery().queryKey })
      .setState({ status: 'error', error: new Error('down'), fetchStatus: 'idle' })
    const router = createMemoryRouter(
      [{ path: '/admin/users', element: <UsersScreen deleted={null} /> }],
      { initialEntries: ['/admin/users?sort=devices-desc'] },
    )
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    )
    expect(await screen.findByRole('status')).toHaveTextContent(said)
    expect(screen.getByRole('link', { name: 'Anna Berg' })).toBeInTheDocument()
  })
})
