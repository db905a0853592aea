import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { HelpdeskRole } from '@contract/helpdesk-roles'
import { helpdeskRoleQuery } from '@/entities/user/helpdesk-role'
import { currentUserQuery } from '@/entities/user/queries'
import { AccountMenu } from './account-menu'

/**
 * The help desk's header, its role as the portal's server answered it (null: none). No session:
 * the answers are in the cache, and another test file's tabs cannot end or renew one here.
 */
function headerWith(role: HelpdeskRole | null) {
  const client = new QueryClient()
  client.setQueryData(helpdeskRoleQuery().queryKey, { role, roles: true })
  client.setQueryData(currentUserQuery().queryKey, {
    sid: 'kim',
    email: 'kim@example.com',
    firstname: 'Kim',
    lastname: 'Lee',
  })
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/users']}>
        <AccountMenu admin />
      </MemoryRouter>
    </QueryClientProvider>
  )
}

describe("the header's account button in the help desk", () => {
  it('names the role under the name', () => {
    render(headerWith('auditor'))
    expect(screen.getByRole('button', { name: /Kim Lee/ })).toHaveTextContent(
      /Kim LeeRole: Auditor$/,
    )
  })

  it('says an administrator the roles file does not name has no role, rather than nothing', () => {
    render(headerWith(null))
    expect(screen.getByRole('button', { name: /Kim Lee/ })).toHaveTextContent(
      /Kim LeeRole: No role$/,
    )
    expect(screen.getByText('Role: No role')).toBeInTheDocument()
  })
})
