import { cleanup, fireEvent, screen } from '@testing-library/react'
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
