import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { deviceSchema } from '@contract/schemas'
import { helpdeskRoleQuery } from '@/entities/user/helpdesk-role'
import { session } from '@/lib/session'
import { LockDialog } from './lock-dialog'

const iphone = deviceSchema.parse({
  clientid: 'c',
  type: 2,
  managed: true,
  displayname: "Clara's iPhone",
  actions: { lockscreen: { status: 0, visible: true } },
})

function dialog(path: string) {
  const client = new QueryClient()
  client.setQueryData(helpdeskRoleQuery().queryKey, { role: 'admin', roles: true })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <LockDialog device={iphone} open onClose={() => {}} onSent={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
  return screen.getByLabelText('Message on the lock screen (optional)')
}

describe('the lock dialog of an iPhone', () => {
  afterEach(() => {
    cleanup()
    session.signOut()
  })

  it("gives its owner an example message that names no one else (the demo's Anna was in every user's)", () => {
    session.start('employee-token', 'user')
    const message = dialog('/devices/c')
    expect(message).toHaveAccessibleDescription(
      'For example: If you find this phone, please call me.',
    )
  })

  it('gives the help desk an example written for a finder of the owner’s phone, not in the first person', () => {
    session.start('admin-token', 'admin')
    const message = dialog('/admin/devices/c')
    expect(message).toHaveAccessibleDescription(
      'For example: If you find this phone, please call the number below.',
    )
  })
})
