import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { PORTAL_ERROR_CODES } from '@contract/error-codes'
import type { HelpdeskRole } from '@contract/helpdesk-roles'
import { helpdeskRoleQuery } from '@/entities/user/helpdesk-role'
import { ApiError } from '@/lib/api/api-error'
import { apiRequest, portalRequest } from '@/lib/api/client'
import { changeLanguage } from '@/lib/i18n'
import { setConfig } from '@/lib/config'
import { userQuery } from './api'
import { UserScreen } from './user-screen'

vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/client')>()),
  apiRequest: vi.fn(),
  portalRequest: vi.fn(),
}))

/** The portal's answers to the links, each given when the test says so. */
let links: { resolve: (answer: unknown) => void; reject: (error: unknown) => void }[] = []

beforeEach(() => {
  links = []
  setConfig({ records: true })
  vi.mocked(apiRequest).mockImplementation(async (path) =>
    path === 'device/list' ? { data: [], pageindex: 1, pagecount: 1, totalcount: 0 } : {},
  )
  vi.mocked(portalRequest).mockImplementation((url) =>
    url === '/api/portal/password-link'
      ? new Promise((resolve, reject) => links.push({ resolve, reject }))
      : new Promise(() => {}),
  )
})

afterEach(async () => {
  cleanup()
  setConfig({ records: false })
  vi.mocked(portalRequest).mockReset()
  await changeLanguage('en')
})

function renderUser(role: HelpdeskRole) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(userQuery('S-1').queryKey, {
    sid: 'S-1',
    displayname: 'Anna Berg',
    email: 'anna@example.com',
  })
  client.setQueryData(helpdeskRoleQuery().queryKey, { role, roles: true })
  const router = createMemoryRouter(
    [
      {
        path: '/admin/users/:sid',
        element: (
          <UserScreen
            sid="S-1"
            deviceName={(device) => device.clientid}
            renderDevices={() => null}
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

const sentLinks = () =>
  vi.mocked(portalRequest).mock.calls.filter(([url]) => url === '/api/portal/password-link')

describe("a password link from a user's page", () => {
  it('names the user and the address, sends once however often it is pressed, and says where it went', async () => {
    renderUser('helpdesk')
    fireEvent.click(await screen.findByRole('button', { name: 'Send password link' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send Anna Berg a password link?' })
    expect(dialog).toHaveAccessibleDescription(
      'An e-mail with a link to set a new password goes to anna@example.com, the address the service has for Anna Berg. Their password stays as it is until they choose a new one.',
    )
    const send = within(dialog).getByRole('button', { name: 'Send link' })
    // A double click, and Enter held on the form: one request.
    fireEvent.click(send)
    fireEvent.click(send)
    fireEvent.submit(send.closest('form')!)
    expect(await within(dialog).findByRole('button', { name: 'Sending…' })).toBeInTheDocument()
    expect(sentLinks()).toHaveLength(1)
    expect(sentLinks()[0]?.[1]).toEqual({ sid: 'S-1' })

    links[0]?.resolve({ success: true, data: { email: 'anna@example.com' } })
    expect(
      await screen.findByText('A link to set a new password is on its way to anna@example.com.'),
    ).toBeInTheDocument()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    // The help desk may not delete: the note says so, and not that it may not send links.
    expect(screen.getByRole('note')).toHaveTextContent('you cannot delete users')
    expect(screen.getByRole('note')).not.toHaveTextContent('password links')
  })

  it('keeps the dialog open with the refusal in its words, and sends again only when asked', async () => {
    renderUser('admin')
    fireEvent.click(await screen.findByRole('button', { name: 'Send password link' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send link' }))
    await vi.waitFor(() => expect(links).toHaveLength(1), { timeout: 20_000 })
    const limit = 'Too many password reset requests for this account. Try again in a minute.'
    links[0]?.reject(
      new ApiError('rateLimited', {
        status: 429,
        code: PORTAL_ERROR_CODES.tooManyRequests,
        serverMessage: limit,
      }),
    )
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(limit)
    expect(screen.queryByText(/is on its way/)).not.toBeInTheDocument()
    expect(sentLinks()).toHaveLength(1)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send link' }))
    await vi.waitFor(() => expect(sentLinks()).toHaveLength(2), { timeout: 20_000 })
  })

  it('is not offered to the auditor, whose note says the page is for reading', async () => {
    renderUser('auditor')
    expect(await screen.findByRole('note')).toHaveTextContent('you can see everything here')
    expect(screen.queryByRole('button', { name: 'Send password link' })).not.toBeInTheDocument()
  })

  // The route exists only where the portal keeps records (its role and record need them).
  it('is not offered where the portal keeps no records, and not said to be missing', async () => {
    setConfig({ records: false })
    renderUser('helpdesk')
    expect(await screen.findByRole('heading', { name: 'Anna Berg' })).toBeVisible()
    expect(screen.queryByRole('button', { name: 'Send password link' })).not.toBeInTheDocument()
    expect(screen.queryByText(/password link/i)).not.toBeInTheDocument()
  })

  it('speaks German (de)', async () => {
    await changeLanguage('de')
    renderUser('helpdesk')
    fireEvent.click(await screen.findByRole('button', { name: 'Passwort-Link senden' }))
    const dialog = await screen.findByRole('dialog', {
      name: 'Anna Berg einen Passwort-Link senden?',
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link senden' }))
    await vi.waitFor(() => expect(links).toHaveLength(1), { timeout: 20_000 })
    links[0]?.resolve({ success: true, data: { email: 'anna@example.com' } })
    expect(
      await screen.findByText(
        'Ein Link zum Festlegen eines neuen Passworts ist an anna@example.com unterwegs.',
      ),
    ).toBeInTheDocument()
  })
})
