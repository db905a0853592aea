import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ERROR_CODES } from '@contract/error-codes'
import type { Activity } from '@/entities/device/history'
import { setConfig } from '@/lib/config'
import { changeLanguage } from '@/lib/i18n'
import { activityQuery } from './api'
import { USER_CHANGES, UserChanges } from './user-changes'

const at = new Date(Date.UTC(2026, 10, 23, 12))

/** A change to a user the service refused, sent by another administrator: it names no user. */
function refused(action: 'userInvite' | 'userDelete', details: Activity['details']): Activity {
  return {
    id: action,
    at,
    action,
    actor: 'helpdesk',
    byYou: false,
    account: 'admin@example.com',
    accountDeleted: false,
    clientId: '',
    deviceName: null,
    details,
    outcome: 'refused',
    doneAfterMs: null,
    answerCode: action === 'userInvite' ? ERROR_CODES.userAlreadyExists : ERROR_CODES.userNotFound,
  }
}

const changes = [
  refused('userDelete', { sid: 'no-such-user' }),
  refused('userInvite', { email: 'anna@example.com', firstname: 'Anna', lastname: 'Again' }),
]

/** The section with the records' answer as given; the lines it shows, each as its text. */
function lines(activity: Activity[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
  client.setQueryData(activityQuery(USER_CHANGES).queryKey, activity)
  render(
    <QueryClientProvider client={client}>
      <UserChanges />
    </QueryClientProvider>,
  )
  return within(screen.getByRole('region'))
}

describe('the invitations and deletions the help desk sent', () => {
  beforeEach(() => setConfig({ records: true }))
  afterEach(async () => {
    // Unmounted before the language changes back: a list on screen would draw it outside act().
    cleanup()
    setConfig({})
    await changeLanguage('en')
  })

  it('shows a refused invitation and deletion: who sent them, whom they named, the refusal and why', async () => {
    await changeLanguage('en')
    const section = lines(changes)
    expect(screen.getByRole('region', { name: 'Invitations and deletions' })).toBeInTheDocument()
    const [deletion, invite] = section.getAllByRole('listitem')
    expect(invite).toHaveTextContent(
      /^User invited by admin@example\.com · .+ · refused by the service: a user with this e-mail address already exists/,
    )
    expect(invite).toHaveTextContent('E-mail: anna@example.com · Name: Anna Again')
    expect(deletion).toHaveTextContent(
      /^User deleted by admin@example\.com · .+ · refused by the service: no such user/,
    )
    expect(deletion).toHaveTextContent('User id: no-such-user')
  })

  it('says the same in German', async () => {
    await changeLanguage('de')
    const section = lines(changes)
    expect(screen.getByRole('region', { name: 'Einladungen und Löschungen' })).toBeInTheDocument()
    const [deletion, invite] = section.getAllByRole('listitem')
    expect(invite).toHaveTextContent(
      /^Benutzer von admin@example\.com eingeladen · .+ · vom Dienst abgelehnt: ein Benutzer mit dieser E-Mail-Adresse existiert bereits/,
    )
    expect(invite).toHaveTextContent('E-Mail: anna@example.com · Name: Anna Again')
    expect(deletion).toHaveTextContent(
      /^Benutzer von admin@example\.com gelöscht · .+ · vom Dienst abgelehnt: kein solcher Benutzer/,
    )
    expect(deletion).toHaveTextContent('Benutzer-ID: no-such-user')
  })

  it('says when there is none yet', async () => {
    await changeLanguage('en')
    lines([])
    expect(
      screen.getByText('No user has been invited or deleted through the portal yet.'),
    ).toBeInTheDocument()
  })

  it('is not there where the portal keeps no records', () => {
    setConfig({})
    const client = new QueryClient()
    const { container } = render(
      <QueryClientProvider client={client}>
        <UserChanges />
      </QueryClientProvider>,
    )
    expect(container).toBeEmptyDOMElement()
  })
})
