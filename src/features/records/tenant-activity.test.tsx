import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import type { Activity } from '@/entities/device/history'
import { setConfig } from '@/lib/config'
import { changeLanguage } from '@/lib/i18n'
import { session } from '@/lib/session'
import { activityRecord } from '@/test/activity'
import { renderAtAddress } from '@/test/render-at-address'
import { activityPagesQuery, type ActivityFilter } from './api'
import { NO_FILTERS, toActivityFilter } from './activity-address'
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

  // The screen is narrowed to one device or user from that one's page (`?device=`, `?user=`).
  it.each([
    [
      'en',
      'Search and download',
      'Narrow the records by date, action and sender. The link on a device’s or user’s page narrows them to that device or user. The CSV holds the records the filters show.',
    ],
    [
      'de',
      'Suchen und herunterladen',
      'Grenzen Sie die Einträge nach Datum, Aktion und Absender ein. Der Link auf der Seite eines Geräts oder Benutzers grenzt sie auf dieses Gerät oder diesen Benutzer ein. Die CSV-Datei enthält die Einträge, die die Filter zeigen.',
    ],
  ] as const)(
    'says how its search narrows the records, to one device or user too (%s)',
    async (language, search, lead) => {
      await changeLanguage(language)
      showActivity([lock])
      const section = screen.getByRole('region', { name: search })
      expect(within(section).getByText(lead)).toBeInTheDocument()
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

/** A search's first page, as the server answered it. */
function answered(filter: ActivityFilter, activity: Activity[]) {
  return [
    activityPagesQuery(filter).queryKey,
    { pages: [{ activity, more: false }], pageParams: [undefined] },
  ] as [readonly unknown[], unknown]
}

const wipe = record('wipe', { clientId: 'galaxy-1', deviceName: "Ben's Galaxy", ownerSid: 'S-ben' })

const wipes: ActivityFilter = { actions: ['wipe'] }
const everything: ActivityFilter = {}

/** The Activity screen opened at `entry`, the searches `answers` hold already answered. */
function openAt(entry: string, answers: [readonly unknown[], unknown][]) {
  return renderAtAddress('/admin/activity', <TenantActivity names={names} />, entry, answers)
}

describe('the Activity screen’s filters in its address', () => {
  beforeEach(() => {
    setConfig({ records: true })
    session.start('token-1')
    // A search not in the cache stays unanswered: the tests look at what the screen shows.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    )
  })
  afterEach(async () => {
    cleanup()
    vi.unstubAllGlobals()
    session.expire()
    setConfig({})
    await changeLanguage('en')
  })

  it.each([
    ['en', 'Action', 'Sent by', 'From (activity date)', "Only the device Ben's Galaxy"],
    ['de', 'Aktion', 'Gesendet von', 'Von (Datum der Aktivität)', "Nur das Gerät Ben's Galaxy"],
  ] as const)(
    'opens with the filters a shared or reloaded address holds, and asks for them (%s)',
    async (language, action, sender, from, device) => {
      await changeLanguage(language)
      const filter = toActivityFilter({
        ...NO_FILTERS,
        from: '2026-11-01',
        action: 'wipe',
        sender: 'helpdesk',
        device: 'galaxy-1',
      })
      openAt('/admin/activity?from=2026-11-01&action=wipe&sender=helpdesk&device=galaxy-1', [
        answered(filter, [wipe]),
      ])
      expect(screen.getByRole('combobox', { name: action })).toHaveValue('wipe')
      expect(screen.getByRole('combobox', { name: sender })).toHaveValue('helpdesk')
      expect(screen.getByLabelText(from)).toHaveValue('2026-11-01')
      expect(screen.getByText(device)).toBeVisible()
      expect(screen.getAllByRole('listitem').filter((line) => line.closest('ol'))).toHaveLength(1)
      // Nothing to warn of: the address is used whole.
      expect(screen.queryByText(/could not be used|konnte nicht verwendet/)).toBeNull()
    },
  )

  it('writes a filter chosen into the address, and Back brings the one before', async () => {
    const router = openAt('/admin/activity', [
      answered({}, [lock, wipe]),
      answered({ actions: ['wipe'] }, [wipe]),
    ])
    fireEvent.change(screen.getByRole('combobox', { name: 'Action' }), {
      target: { value: 'wipe' },
    })
    expect(await screen.findByText('/admin/activity?action=wipe')).toBeInTheDocument()
    expect(router.state.historyAction).toBe('PUSH')
    await act(() => router.navigate(-1))
    expect(screen.getByText('/admin/activity')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('')
    expect(await screen.findByText("Anna's iPhone")).toBeInTheDocument()
    await act(() => router.navigate(1))
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('wipe')
  })

  it.each([
    [
      'en',
      'Part of this address could not be used:',
      [
        '“erase” is not an action the records know.',
        '“yesterday” is not a date (From).',
        '“acton” is not a filter of this screen.',
      ],
      'The other filters apply.',
      'Sent by',
    ],
    [
      'de',
      'Ein Teil dieser Adresse konnte nicht verwendet werden:',
      [
        '„erase“ ist keine Aktion, die die Aufzeichnungen kennen.',
        '„yesterday“ ist kein Datum (Von).',
        '„acton“ ist kein Filter dieser Seite.',
      ],
      'Die übrigen Filter gelten.',
      'Gesendet von',
    ],
  ] as const)(
    'says what of the address it could not use, and applies the rest (%s)',
    async (language, title, lines, rest, sender) => {
      await changeLanguage(language)
      openAt('/admin/activity?action=erase&from=yesterday&sender=helpdesk&acton=lock', [
        answered({ actor: 'helpdesk' }, [wipe]),
      ])
      const warning = screen.getByText(title).closest('.alert') as HTMLElement
      expect(
        within(warning)
          .getAllByRole('listitem')
          .map((line) => line.textContent),
      ).toEqual(lines)
      expect(warning).toHaveTextContent(rest)
      expect(screen.getByRole('combobox', { name: sender })).toHaveValue('helpdesk')
      expect(await screen.findByText("Ben's Galaxy")).toBeInTheDocument()
    },
  )

  it('says a range that ends before it starts, and drops the warning once the filters change', async () => {
    openAt('/admin/activity?from=2026-05-02&to=2026-05-01', [answered({}, [lock])])
    const warning = screen.getByText('Part of this address could not be used:').closest('.alert')!
    expect(warning).toHaveTextContent(
      '“From” 2026-05-02 is after “To” 2026-05-01: both dates are left out.',
    )
    expect(screen.getByLabelText('From (activity date)')).toHaveValue('')
    expect(screen.getByText("Anna's iPhone")).toBeInTheDocument()
    fireEvent.change(screen.getByRole('combobox', { name: 'Sent by' }), {
      target: { value: 'user' },
    })
    expect(await screen.findByText('/admin/activity?sender=user')).toBeInTheDocument()
    expect(screen.queryByText('Part of this address could not be used:')).toBeNull()
  })

  it.each([
    [
      'en',
      '/admin/activity?device=galaxy-1&action=wipe',
      "Only the device Ben's Galaxy",
      "Remove filter: the device Ben's Galaxy",
      'Remove filter',
      '/admin/activity?action=wipe',
      wipes,
      'From (activity date)',
    ],
    [
      'de',
      '/admin/activity?user=S-anna',
      'Nur der Benutzer Anna Berg und seine Geräte',
      'Filter entfernen: der Benutzer Anna Berg',
      'Filter entfernen',
      '/admin/activity',
      everything,
      'Von (Datum der Aktivität)',
    ],
  ] as const)(
    'names the device or user it is narrowed to, with a button that removes that filter alone (%s)',
    async (language, entry, scope, removeName, removeText, after, rest, from) => {
      await changeLanguage(language)
      const router = openAt(entry, [answered(rest, [lock, wipe])])
      expect(screen.getByText(scope)).toBeVisible()
      const remove = screen.getByRole('button', { name: removeName })
      expect(remove).toHaveTextContent(removeText)
      fireEvent.click(remove)
      expect(await screen.findByText(after)).toBeInTheDocument()
      expect(screen.queryByText(scope)).toBeNull()
      expect(screen.getAllByRole('listitem').filter((line) => line.closest('ol'))).toHaveLength(2)
      // The keyboard goes on from the first filter, not from the page's start.
      expect(screen.getByLabelText(from)).toHaveFocus()
      await act(() => router.navigate(-1))
      expect(screen.getByText(scope)).toBeVisible()
    },
  )

  it('names a device by its id until the tenant’s lists name it, and clears it with the other filters', async () => {
    openAt('/admin/activity?device=pixel-9&sender=user', [answered({}, [lock])])
    expect(screen.getByText('Only the device pixel-9')).toBeVisible()
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(await screen.findByText('/admin/activity')).toBeInTheDocument()
    expect(screen.queryByText('Only the device pixel-9')).toBeNull()
  })

  it.each([
    ['en', 'The service does not show you the device or user this address names'],
    ['de', 'Der Dienst zeigt Ihnen das Gerät oder den Benutzer aus dieser Adresse nicht an'],
  ] as const)(
    'says when the service does not show the viewer the device the address names (%s)',
    async (language, notShown) => {
      await changeLanguage(language)
      vi.stubGlobal(
        'fetch',
        vi.fn(async () =>
          Response.json(
            { success: false, errorcode: '03100003', errormessage: 'Forbidden', tokenstatus: null },
            { status: 403 },
          ),
        ),
      )
      const client = new QueryClient({
        defaultOptions: { queries: { staleTime: Infinity, retry: false } },
      })
      renderAtAddress(
        '/admin/activity',
        <TenantActivity names={names} />,
        '/admin/activity?device=other-tenants-phone',
        [],
        client,
      )
      expect(await screen.findByText(new RegExp(notShown))).toBeVisible()
      // No retry would help: the filter's own button is the way on.
      expect(screen.queryByRole('button', { name: /Try again|Erneut/ })).toBeNull()
    },
  )

  it('shows the address’s filters once React has taken over the page the server drew without them', async () => {
    // The server draws the screen once, for every address: without filters, its search pending.
    const at = (entry: string) => (
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[entry]}>
          <TenantActivity names={names} />
        </MemoryRouter>
      </QueryClientProvider>
    )
    const container = document.createElement('div')
    container.innerHTML = renderToString(at('/admin/activity'))
    document.body.append(container)
    const recoverable = vi.fn()
    const root = await act(async () =>
      hydrateRoot(container, at('/admin/activity?action=lock&device=galaxy-1&acton=x'), {
        onRecoverableError: recoverable,
      }),
    )
    onTestFinished(() => {
      act(() => root.unmount())
      container.remove()
    })
    expect(recoverable).not.toHaveBeenCalled()
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('lock')
    expect(screen.getByText("Only the device Ben's Galaxy")).toBeVisible()
    expect(screen.getByText('“acton” is not a filter of this screen.')).toBeVisible()
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeVisible()
  })
})
