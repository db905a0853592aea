import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { helpdeskRoleQuery } from '@/entities/user/helpdesk-role'
import { ApiError } from '@/lib/api/api-error'
import { apiRequest } from '@/lib/api/client'
import { changeLanguage } from '@/lib/i18n'
import { deviceSchema, type Device } from '@contract/schemas'
import { userQuery } from './api'
import { UserScreen } from './user-screen'

/** The tenant's device pages, each answered when the test says so. */
const pages = new Map<
  number,
  { resolve: (answer: unknown) => void; reject: (e: unknown) => void }
>()
vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/client')>()),
  apiRequest: vi.fn(),
  portalRequest: vi.fn(() => new Promise(() => {})),
}))
vi.mocked(apiRequest).mockImplementation((path, body) => {
  if (path !== 'device/list') return new Promise(() => {})
  const index = (body as { pageindex?: number }).pageindex ?? 1
  return new Promise((resolve, reject) => pages.set(index, { resolve, reject }))
})

const device = (clientid: string, displayname: string, usersid: string) =>
  deviceSchema.parse({ clientid, type: 2, displayname, usersid, managed: true })
/** Four pages of two: Anna's devices on pages 2 and 4. */
const tenant: Device[][] = [
  [device('a', 'Office printer', 'S-9'), device('b', 'Kiosk', 'S-9')],
  [device('c', "Anna's Pixel", 'S-1'), device('d', 'Lab iPad', 'S-9')],
  [device('e', 'Front desk', 'S-9'), device('f', 'Warehouse', 'S-9')],
  [device('g', "Anna's iPhone", 'S-1'), device('h', 'Spare', 'S-9')],
]

/** Answers page `index` with page 1, as a service that ignores `pageindex` does. */
async function answerFirst(index: number) {
  await vi.waitFor(() => expect(pages.has(index)).toBe(true), { timeout: 2000 })
  pages.get(index)?.resolve({ data: tenant[0], pageindex: 1, pagecount: 4, totalcount: 8 })
  pages.delete(index)
}

/** Answers page `index` as the service does (with an error instead, if given). */
async function answer(index: number, error?: unknown) {
  await vi.waitFor(() => expect(pages.has(index)).toBe(true), { timeout: 2000 })
  const page = pages.get(index)
  pages.delete(index)
  if (error) page?.reject(error)
  else page?.resolve({ data: tenant[index - 1], pageindex: index, pagecount: 4, totalcount: 8 })
}

function renderUser() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(userQuery('S-1').queryKey, {
    sid: 'S-1',
    displayname: 'Anna Berg',
    email: 'anna@example.com',
  })
  client.setQueryData(helpdeskRoleQuery().queryKey, { role: 'admin', roles: true })
  const router = createMemoryRouter(
    [
      {
        path: '/admin/users/:sid',
        element: (
          <UserScreen
            sid="S-1"
            deviceName={(device) => device.displayname ?? device.clientid}
            renderDevices={(devices) => (
              <ul aria-label="Cards">
                {devices.map((device) => (
                  <li key={device.clientid}>{device.displayname}</li>
                ))}
              </ul>
            )}
            sections={() => <h2>Activity</h2>}
          />
        ),
      },
    ],
    { initialEntries: ['/admin/users/S-1'] },
  )
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

const section = () => screen.getByRole('region', { name: /^(Devices|Geräte)/ })
const cards = () =>
  within(section())
    .queryAllByRole('listitem')
    .map((card) => card.textContent)
const deleteButton = () => screen.getByRole('button', { name: 'Delete user' })

describe("a user's devices while the tenant's pages arrive", () => {
  afterEach(async () => {
    cleanup()
    pages.clear()
    await changeLanguage('en')
  })

  it('shows those found so far beside how far the search has come, and counts them once all are known', async () => {
    renderUser()
    await answer(1)
    // Nothing of hers yet: the placeholder, and how far the search has come, shown and (as the
    // search starts) said at once.
    expect(
      await within(section()).findAllByText(
        "Still looking among the tenant's devices: 2 of 8 checked",
      ),
    ).toHaveLength(2)
    expect(within(section()).getByText('Loading…')).toBeInTheDocument()
    expect(cards()).toEqual([])
    expect(screen.queryByText(/has no devices/)).not.toBeInTheDocument()

    await answer(2)
    // Her Pixel, at once, with the search still going on beside it.
    await vi.waitFor(() => expect(cards()).toEqual(["Anna's Pixel"]), { timeout: 2000 })
    expect(
      within(section()).getByText("Still looking among the tenant's devices: 4 of 8 checked"),
    ).toBeInTheDocument()
    expect(within(section()).queryByText('Loading…')).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Devices' })).toBeInTheDocument()
    // Deleting needs all her managed devices: not yet, and it says why.
    expect(deleteButton()).toBeDisabled()
    expect(deleteButton()).toHaveAccessibleDescription(
      'You can delete the user once all their devices are known.',
    )
    expect(screen.getByRole('heading', { name: 'Activity', hidden: true })).not.toBeVisible()

    await answer(3)
    await answer(4)
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Devices (2)' }),
    ).toBeInTheDocument()
    expect(cards()).toEqual(["Anna's iPhone", "Anna's Pixel"])
    expect(within(section()).queryByText(/Still looking/)).not.toBeInTheDocument()
    // The line stays where it was, and says the search is done (once, as deleting can start).
    expect(within(section()).getByRole('status')).toHaveTextContent(
      "All 8 of the tenant's devices checked",
    )
    expect(deleteButton()).toBeEnabled()
    expect(deleteButton()).not.toHaveAccessibleDescription()
    expect(screen.getByRole('heading', { name: 'Activity' })).toBeVisible()
  })

  it('keeps those found when a page fails, says the others were not checked, and goes on from there', async () => {
    renderUser()
    await answer(1)
    await answer(2)
    await answer(3, new ApiError('api', { status: 500 }))
    expect(
      await within(section()).findByText("Only 4 of the tenant's 8 devices could be checked"),
    ).toBeInTheDocument()
    expect(cards()).toEqual(["Anna's Pixel"])
    expect(
      within(section()).getByText(
        'Anna Berg may have more devices among the other 4. Try again to check them: those found stay.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByText(/has no devices/)).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Devices' })).toBeInTheDocument()
    expect(deleteButton()).toBeDisabled()

    // The pages asked for with the one that failed were cancelled; those are asked again.
    pages.clear()
    fireEvent.click(within(section()).getByRole('button', { name: 'Try again' }))
    await answer(3)
    await answer(4)
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Devices (2)' }),
    ).toBeInTheDocument()
    expect(cards()).toEqual(["Anna's iPhone", "Anna's Pixel"])
  })

  it('never says she has none while pages are missing (de)', async () => {
    await changeLanguage('de')
    renderUser()
    await answer(1)
    expect(
      await within(section()).findAllByText(
        'Geräte des Mandanten werden noch durchsucht: 2 von 8 geprüft',
      ),
    ).toHaveLength(2)
    await answer(2, new ApiError('api', { status: 500 }))
    expect(
      await within(section()).findByText('Nur 2 der 8 Geräte des Mandanten konnten geprüft werden'),
    ).toBeInTheDocument()
    expect(
      within(section()).getByText(
        'Unter den geprüften hat Anna Berg keine; unter den übrigen 6 vielleicht doch. Versuchen Sie es erneut, um sie zu prüfen.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByText(/hat noch keine Geräte/)).not.toBeInTheDocument()
    expect(cards()).toEqual([])
  })

  it('keeps no room for why deleting waits when the tenant came in one page: nobody could have read it', async () => {
    renderUser()
    await vi.waitFor(() => expect(pages.has(1)).toBe(true), { timeout: 2000 })
    expect(deleteButton()).toBeDisabled()
    expect(deleteButton()).not.toHaveAccessibleDescription()
    pages.get(1)?.resolve({ data: tenant.flat(), pageindex: 1, pagecount: 1, totalcount: 8 })
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Devices (2)' }),
    ).toBeInTheDocument()
    expect(deleteButton()).toBeEnabled()
    // Not even unseen: its place would stay empty under the button.
    expect(
      screen.queryByText('You can delete the user once all their devices are known.'),
    ).toBeNull()
  })

  it.each([
    ['en', 'Devices (2)', /tenant's devices|checked/],
    ['de', 'Geräte (2)', /Geräte des Mandanten|geprüft/],
  ] as const)(
    "says nothing of the tenant's devices when they came in one page, with hers at once (%s)",
    async (language, title, words) => {
      await changeLanguage(language)
      renderUser()
      await vi.waitFor(() => expect(pages.has(1)).toBe(true), { timeout: 2000 })
      pages.get(1)?.resolve({ data: tenant.flat(), pageindex: 1, pagecount: 1, totalcount: 8 })
      expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument()
      expect(cards()).toHaveLength(2)
      // No line that was never progress: neither shown nor said, nor its bar's empty place.
      expect(within(section()).queryAllByText(words)).toEqual([])
      expect(within(section()).queryByRole('status')).toBeNull()
      expect(section().querySelector('progress')).toBeNull()
    },
  )

  it('keeps the line of a search of several pages after its end, in German too (de)', async () => {
    await changeLanguage('de')
    renderUser()
    await answer(1)
    expect(
      await within(section()).findAllByText(
        'Geräte des Mandanten werden noch durchsucht: 2 von 8 geprüft',
      ),
    ).toHaveLength(2)
    await answer(2)
    await answer(3)
    await answer(4)
    expect(await screen.findByRole('heading', { level: 2, name: 'Geräte (2)' })).toBeInTheDocument()
    expect(within(section()).getByRole('status')).toHaveTextContent(
      'Alle 8 Geräte des Mandanten geprüft',
    )
  })

  it('says the list is incomplete when the service repeats page 1, never that she has none, and keeps deleting disabled', async () => {
    renderUser()
    await answer(1)
    await answerFirst(2)
    await answerFirst(3)
    await answerFirst(4)
    expect(
      await within(section()).findByText(
        "Only 2 of the tenant's 8 devices could be checked: the service did not send the other pages.",
      ),
    ).toBeInTheDocument()
    expect(
      within(section()).getByText(
        'Anna Berg has none among those checked, but may have some among the other 6.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByText(/has no devices/)).not.toBeInTheDocument()
    expect(within(section()).queryByText('Loading…')).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Devices' })).toBeInTheDocument()
    expect(deleteButton()).toBeDisabled()
    expect(deleteButton()).toHaveAccessibleDescription(
      'You can delete the user once all their devices are known.',
    )
    // Nothing more will come: what follows the devices is shown.
    expect(screen.getByRole('heading', { name: 'Activity' })).toBeVisible()
  })

  it('says so in German too, with those found on the page that came (de)', async () => {
    await changeLanguage('de')
    tenant[0] = [device('a', 'Office printer', 'S-9'), device('b', 'Annas Mac', 'S-1')]
    try {
      renderUser()
      await answer(1)
      await answerFirst(2)
      await answerFirst(3)
      await answerFirst(4)
      expect(
        await within(section()).findByText(
          'Nur 2 der 8 Geräte des Mandanten konnten geprüft werden: Der Dienst hat die übrigen Seiten nicht gesendet.',
        ),
      ).toBeInTheDocument()
      expect(
        within(section()).getByText('Anna Berg hat unter den übrigen 6 vielleicht weitere Geräte.'),
      ).toBeInTheDocument()
      expect(cards()).toEqual(['Annas Mac'])
      expect(screen.getByRole('heading', { level: 2, name: 'Geräte' })).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Benutzer löschen' })).toBeDisabled()
    } finally {
      tenant[0] = [device('a', 'Office printer', 'S-9'), device('b', 'Kiosk', 'S-9')]
    }
  })
})
