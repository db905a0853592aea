import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { helpdeskRoleQuery } from '@/entities/user/helpdesk-role'
import { setConfig } from '@/lib/config'
import { changeLanguage, loadTextParts } from '@/lib/i18n'
import { AppLayout } from './app-layout'

/** The help desk's frame as an auditor sees it, the answers in the cache (no session). */
async function helpDeskFrame() {
  const client = new QueryClient()
  client.setQueryData(helpdeskRoleQuery().queryKey, { role: 'auditor', roles: true })
  const router = createMemoryRouter([{ path: '*', element: <AppLayout /> }], {
    initialEntries: ['/admin/users'],
  })
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return within(await screen.findByRole('navigation', { name: /Main|Haupt/ }))
}

describe("the help desk's navigation", () => {
  // The frame's texts come apart from the shell's, as the app loads them.
  beforeAll(() => loadTextParts(['common.frame']))
  afterEach(async () => {
    cleanup()
    setConfig({})
    await changeLanguage('en')
  })

  it.each([
    ['en', ['Users', 'Devices', 'Activity']],
    ['de', ['Benutzer', 'Geräte', 'Aktivität']],
  ] as const)('leads to the activity beside users and devices (%s)', async (language, names) => {
    await changeLanguage(language)
    setConfig({ records: true })
    const nav = await helpDeskFrame()
    const links = nav
      .getAllByRole('link')
      .filter((link) => link.closest('li.nav__list, ul.nav__list li'))
    expect(links.map((link) => link.textContent)).toEqual(names)
    expect(nav.getByRole('link', { name: names[2] })).toHaveAttribute('href', '/admin/activity')
  })

  it('leaves it out when the portal keeps no records', async () => {
    setConfig({ records: false })
    const nav = await helpDeskFrame()
    expect(nav.getByRole('link', { name: 'Users' })).toBeInTheDocument()
    expect(nav.queryByRole('link', { name: 'Activity' })).toBeNull()
  })
})
