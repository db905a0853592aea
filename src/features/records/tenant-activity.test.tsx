import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Activity } from '@/entities/device/history'
import { setConfig } from '@/lib/config'
import { changeLanguage } from '@/lib/i18n'
import { activityRecord } from '@/test/activity'
import { activityPagesQuery } from './api'
import { TenantActivity } from './tenant-activity'
import type { TenantNames } from './activity-line'

const at = new Date(Date.UTC(2026, 10, 23, 12))
const users = new Map([
  ['S-anna', 'Anna Berg'],
  ['S-ben', 'Ben Kurz'],
])
const devices = new Map([['galaxy-1', { name: "Ben's Galaxy", ownerSid: 'S-ben' }]])
const names: TenantNames = {
  user: (sid) => users.get(sid) ?? null,
  usersLoading: false,
  device: (clientId) => devices.get(clientId),
}

/** A record of the help desk, answered. */
function record(action: string, changes: Partial<Activity> = {}): Activity {
  return activityRecord({
    action,
    at,
    actor: 'helpdesk',
    byYou: false,
    account: 'helpdesk@example.com',
    outcome: 'done',
    ...changes,
  })
}

/** The tenant's activity, its unfiltered answer from the cache (no request). */
function showActivity(activity: Activity[], tenant = names, more = false) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
  client.setQueryData(activityPagesQuery({}).queryKey, {
    pages: [{ activity, more, next: more ? 'page-1-end' : undefined }],
    pageParams: [undefined],
  })
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/activity']}>
        <TenantActivity names={tenant} />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

const lock = record('lock', {
  clientId: 'iphone-1',
  deviceName: "Anna's iPhone",
  ownerSid: 'S-anna',
})

describe('the help desk’s activity of the whole tenant', () => {
  beforeEach(() => setConfig({ records: true }))
  afterEach(async () => {
    cleanup()
    setConfig({})
    await changeLanguage('en')
  })

  it.each([
    [
      'en',
      'Activity',
      /every invitation, deletion and password link of a user/,
      'Search and download',
      'Owner:',
    ],
    [
      'de',
      'Aktivität',
      /jede Einladung, Löschung und jeder Passwort-Link eines Benutzers/,
      'Suchen und herunterladen',
      'Besitzer:',
    ],
  ] as const)(
    'names each line’s device and owner with links to their pages (%s)',
    async (language, title, lead, search, owner) => {
      await changeLanguage(language)
      showActivity([lock])
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument()
      expect(screen.getByText(lead)).toBeInTheDocument()
      const section = screen.getByRole('region', { name: search })
      const line = within(section).getAllByRole('listitem')[0]!
      expect(within(line).getByRole('link', { name: "Anna's iPhone" })).toHaveAttribute(
        'href',
        '/admin/devices/iphone-1',
      )
      expect(within(line).getByRole('link', { name: 'Anna Berg' })).toHaveAttribute(
        'href',
        '/admin/users/S-anna',
      )
      expect(line).toHaveTextContent(`Anna's iPhone · ${owner} Anna Berg`)
    },
  )

  it('names the user an invitation was filed under, and leaves a device it has no page of unlinked', () => {
    showActivity([
      record('userInvite', {
        clientId: '',
        ownerSid: 'S-anna',
        details: { email: 'anna@example.com' },
      }),
      record('lock', { clientId: 'serialnumber:F2LX', deviceName: null, outcome: 'refused' }),
    ])
    const [invite, refused] = screen.getAllByRole('listitem') as [HTMLElement, HTMLElement]
    expect(invite).toHaveTextContent('User: Anna Berg · E-mail: anna@example.com')
    expect(within(invite).getByRole('link', { name: 'Anna Berg' })).toBeInTheDocument()
    expect(refused).toHaveTextContent('serialnumber:F2LX')
    expect(within(refused).queryByRole('link')).toBeNull()
  })

  // The help desk's command to a device it never opened: the record knows neither its name nor
  // its owner, which the tenant's lists say.
  it('names a device the record does not know, and its owner, as the tenant’s lists do', () => {
    showActivity([record('lock', { clientId: 'galaxy-1', deviceName: null, ownerSid: null })])
    const line = screen.getByRole('listitem')
    expect(within(line).getByRole('link', { name: "Ben's Galaxy" })).toHaveAttribute(
      'href',
      '/admin/devices/galaxy-1',
    )
    expect(within(line).getByRole('link', { name: 'Ben Kurz' })).toHaveAttribute(
      'href',
      '/admin/users/S-ben',
    )
  })

  // The owner's part comes with the tenant's user list: until then its place is kept, so the
  // line does not grow under the reader when the names come.
  it('keeps the owner’s place on the line while the tenant’s users load', () => {
    const loading: TenantNames = { ...names, user: () => undefined, usersLoading: true }
    showActivity([lock], loading)
    const line = screen.getByRole('listitem')
    const details = line.querySelector('.activity-details')!
    const slot = details.querySelector('.text-slot')
    expect(slot).not.toBeNull()
    expect(slot!.closest('[aria-hidden="true"]')).not.toBeNull()
    const dotsLoading = details.textContent!.split('·').length
    expect(within(line).queryByRole('link', { name: 'Anna Berg' })).toBeNull()
    cleanup()
    showActivity([lock])
    const loaded = screen.getByRole('listitem').querySelector('.activity-details')!
    expect(loaded.textContent!.split('·').length).toBe(dotsLoading)
    expect(loaded.querySelector('.text-slot')).toBeNull()
  })

  it.each([
    ['en', 'Owner: a deleted user'],
    ['de', 'Besitzer: ein gelöschter Benutzer'],
  ] as const)(
    'says the owner was deleted when the tenant’s users no longer list them (%s)',
    async (language, deleted) => {
      await changeLanguage(language)
      showActivity([{ ...lock, ownerSid: 'S-gone' }])
      const line = screen.getByRole('listitem')
      expect(line).toHaveTextContent(`Anna's iPhone · ${deleted}`)
      // No page to lead to: the user is gone.
      expect(within(line).getAllByRole('link')).toHaveLength(1)
    },
  )

  it('shows the owner’s sid when the tenant’s users could not be read', () => {
    showActivity([lock], { ...names, user: () => undefined, usersLoading: false })
    const line = screen.getByRole('listitem')
    expect(within(line).getByRole('link', { name: 'S-anna' })).toHaveAttribute(
      'href',
      '/admin/users/S-anna',
    )
  })

  it.each([
    ['en', 'No activity has been recorded yet.'],
    ['de', 'Es wurde noch keine Aktivität aufgezeichnet.'],
  ] as const)('says when nothing was recorded yet (%s)', async (language, none) => {
    await changeLanguage(language)
    showActivity([])
    expect(screen.getByText(none)).toBeInTheDocument()
    expect(screen.queryByRole('listitem')).toBeNull()
  })

  it.each([
    ['en', 'The portal keeps no records'],
    ['de', 'Das Portal führt keine Aufzeichnungen'],
  ] as const)(
    'says the portal keeps no records when they are switched off (%s)',
    async (language, off) => {
      await changeLanguage(language)
      setConfig({ records: false })
      showActivity([lock])
      expect(screen.getByRole('heading', { level: 2, name: off })).toBeInTheDocument()
      expect(screen.queryByRole('combobox')).toBeNull()
    },
  )
})

describe('the tenant’s activity when the records hold older records than it shows', () => {
  beforeEach(() => setConfig({ records: true }))
  afterEach(async () => {
    cleanup()
    setConfig({})
    await changeLanguage('en')
  })

  // The server answers with the newest 500 and says whether older ones match (`more`): the count
  // alone would read as all there is.
  it.each([
    [
      'en',
      'The newest 2 records: older ones are left out. Show them below, or narrow the dates; the CSV holds up to 50,000.',
      '2 records',
    ],
    [
      'de',
      'Die neuesten 2 Einträge: ältere sind ausgelassen. Zeigen Sie sie unten an oder grenzen Sie die Daten ein; die CSV-Datei enthält bis zu 50.000.',
      '2 Einträge',
    ],
  ] as const)(
    'says that it shows only the newest, in the count’s status (%s)',
    async (language, more, count) => {
      await changeLanguage(language)
      showActivity([lock, record('wipe', { clientId: 'galaxy-1' })], names, true)
      expect(screen.getByRole('status')).toHaveTextContent(more)
      expect(screen.getByText(more)).toBeVisible()
      cleanup()
      showActivity([lock, record('wipe', { clientId: 'galaxy-1' })])
      expect(screen.getByRole('status')).toHaveTextContent(count)
      expect(screen.getByRole('status')).not.toHaveTextContent(more)
    },
  )
})
