import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ComponentProps } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest'
import { PORTAL_ERROR_CODES } from '@contract/error-codes'
import type { Activity } from '@/entities/device/history'
import { setConfig } from '@/lib/config'
import { paths } from '@/lib/paths'
import { changeLanguage } from '@/lib/i18n'
import { session } from '@/lib/session'
import { activityRecord } from '@/test/activity'
import { activityPagesQuery, type ActivityFilter } from './api'
import type { toActivityFilter } from './activity-address'
import { ActivitySearch } from './activity-search'

const SID = 'S-1'
const at = new Date(Date.UTC(2026, 10, 23, 12))

/** A record another administrator sent, answered. */
function record(action: string, changes: Partial<Activity> = {}): Activity {
  return activityRecord({
    action,
    at,
    actor: 'helpdesk',
    byYou: false,
    account: 'admin@example.com',
    clientId: '',
    outcome: 'done',
    ...changes,
  })
}

/**
 * What the records file under a user (server/sessions/records/api-hooks.ts): their devices'
 * commands, the invitation that made them, and a deletion of them that was refused while the
 * service still shows them (record-filing.test.ts).
 */
const activity = [
  record('lock', { clientId: 'iphone', deviceName: "Anna's iPhone", outcome: 'sent' }),
  record('userDelete', {
    account: 'helpdesk@example.com',
    details: { sid: SID },
    outcome: 'refused',
    answerCode: PORTAL_ERROR_CODES.roleForbidden,
  }),
  record('userInvite', { details: { email: 'anna@example.com' } }),
]

/** A search's first page in the cache, as the server answered it (no request). */
function firstPage(client: QueryClient, filter: ActivityFilter, items: Activity[], more = false) {
  client.setQueryData(activityPagesQuery(filter).queryKey, {
    pages: [{ activity: items, more, next: more ? 'page-1-end' : undefined }],
    pageParams: [undefined],
  })
}

/**
 * A user's activity, its unfiltered answer from the cache (no request); `more`: the records hold
 * older ones it leaves out.
 */
function showUserActivity(more = false) {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Infinity, retry: false } },
  })
  firstPage(client, { sid: SID }, activity, more)
  render(
    <QueryClientProvider client={client}>
      <ActivitySearch sid={SID} />
    </QueryClientProvider>,
  )
  return client
}

describe('what narrows the search from outside', () => {
  it("is a user's page alone: a device's page narrows the Activity screen by its address", () => {
    // The type checker fails here when the search takes a device of its own again.
    expectTypeOf<ComponentProps<typeof ActivitySearch>>().not.toHaveProperty('clientId')
    expectTypeOf<Parameters<typeof toActivityFilter>[1]>().toEqualTypeOf<
      { sid?: string } | undefined
    >()
  })
})

describe("a user's activity on their page in the help desk", () => {
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
      'every invitation, deletion or password link of this user',
      'User invited by admin@example.com',
      'User deletion',
    ],
    [
      'de',
      'Aktivität',
      'jede Einladung, Löschung und jeder Passwort-Link dieses Benutzers',
      'Benutzer von admin@example.com eingeladen',
      'Benutzerlöschung',
    ],
  ] as const)(
    'says it holds the changes to the user beside their devices’ commands, as its lines and its filter do (%s)',
    async (language, title, lead, invited, deletion) => {
      await changeLanguage(language)
      showUserActivity()
      const section = screen.getByRole('region', { name: title })
      expect(within(section).getByText(new RegExp(lead))).toBeInTheDocument()
      expect(within(section).getAllByRole('listitem')).toHaveLength(3)
      expect(within(section).getByText(new RegExp(invited))).toBeInTheDocument()
      expect(within(section).getByRole('option', { name: deletion })).toBeInTheDocument()
    },
  )
  // The search answers with the newest 500 and says whether older ones match (`more`), for a
  // user as for the whole tenant: the count alone would read as all there is.
  it.each([
    [
      'en',
      'The newest 3 records: older ones are left out. Show them below, or narrow the dates; the CSV holds up to 50,000.',
    ],
    [
      'de',
      'Die neuesten 3 Einträge: ältere sind ausgelassen. Zeigen Sie sie unten an oder grenzen Sie die Daten ein; die CSV-Datei enthält bis zu 50.000.',
    ],
  ] as const)(
    'says when it leaves older ones out, as the Activity screen does (%s)',
    async (language, note) => {
      await changeLanguage(language)
      showUserActivity(true)
      expect(screen.getByRole('status')).toHaveTextContent(note)
      cleanup()
      showUserActivity()
      expect(screen.getByRole('status')).not.toHaveTextContent(note)
    },
  )
})

describe("the way from a user's page to their activity on the Activity screen", () => {
  afterEach(async () => {
    cleanup()
    setConfig({})
    await changeLanguage('en')
  })

  it.each([
    ['en', 'Activity', 'This user’s activity on the Activity screen'],
    ['de', 'Aktivität', 'Aktivität dieses Benutzers auf der Seite „Aktivität“'],
  ] as const)(
    'is a link to the screen narrowed to the user, to keep or share (%s)',
    async (language, title, text) => {
      setConfig({ records: true })
      await changeLanguage(language)
      const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
      firstPage(client, { sid: SID }, activity)
      render(
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <ActivitySearch sid={SID} activityHref={paths.adminActivity({ user: SID })} />
          </MemoryRouter>
        </QueryClientProvider>,
      )
      const section = screen.getByRole('region', { name: title })
      expect(within(section).getByRole('link', { name: text })).toHaveAttribute(
        'href',
        '/admin/activity?user=S-1',
      )
    },
  )
})

describe('the dates of the activity search', () => {
  beforeEach(() => setConfig({ records: true }))
  afterEach(async () => {
    cleanup()
    setConfig({})
    await changeLanguage('en')
  })

  // WebKit draws today's date, greyed, in an empty date field: it must not read as a filter set.
  // A screen reader's list of fields shows each by its own name: "From" says what it limits,
  // after the word it shows.
  it.each([
    ['en', ['From (activity date)', 'To (activity date)'], 'An empty date sets no limit.'],
    [
      'de',
      ['Von (Datum der Aktivität)', 'Bis (Datum der Aktivität)'],
      'Ein leeres Datum setzt keine Grenze.',
    ],
  ] as const)(
    'are named by what they limit and say that an empty one filters nothing (%s)',
    async (language, names, hint) => {
      await changeLanguage(language)
      showUserActivity()
      for (const name of names) {
        const date = screen.getByLabelText(name)
        expect(date).toHaveAccessibleName(name)
        expect(date).toHaveAccessibleDescription(hint)
      }
      expect(screen.getByText(hint)).toBeVisible()
    },
  )

  // As the device list's date filters are: the pair is one group, named by its legend, so a
  // screen reader entering either field hears what the two limit together.
  it.each([
    ['en', 'Activity date', ['From (activity date)', 'To (activity date)']],
    ['de', 'Datum der Aktivität', ['Von (Datum der Aktivität)', 'Bis (Datum der Aktivität)']],
  ] as const)('are one group named by its legend (%s)', async (language, legend, names) => {
    await changeLanguage(language)
    showUserActivity()
    const group = screen.getByRole('group', { name: legend })
    for (const name of names) {
      expect(within(group).getByLabelText(name, { selector: 'input' })).toHaveAttribute(
        'type',
        'date',
      )
    }
  })
})

describe('the filter for who sent it', () => {
  beforeEach(() => setConfig({ records: true }))
  afterEach(async () => {
    cleanup()
    setConfig({})
    await changeLanguage('en')
  })

  // Options name a sender, as a filter's do ("any action"): not the words that would finish the
  // sentence "sent by …", which in German read "sent by everyone" ("Gesendet von: Allen").
  it.each([
    [
      'en',
      'Sent by',
      ['Any sender', 'The device’s user', 'The help desk', 'The portal, automatically'],
    ],
    [
      'de',
      'Gesendet von',
      ['Alle Absender', 'Benutzer des Geräts', 'Helpdesk', 'Das Portal, automatisch'],
    ],
  ] as const)('names its choices as senders (%s)', async (language, label, choices) => {
    await changeLanguage(language)
    showUserActivity()
    const select = screen.getByRole('combobox', { name: label })
    const options = within(select).getAllByRole('option')
    expect(options.map((option) => option.textContent)).toEqual(choices)
  })

  // The lines and the CSV name the portal as the sender of the locate it sends when lost mode
  // comes on: the filter finds it under the same sender, asking the server for it.
  it('asks for what the portal sent by itself when the portal is chosen', () => {
    const client = showUserActivity()
    fireEvent.change(screen.getByRole('combobox', { name: 'Sent by' }), {
      target: { value: 'portal' },
    })
    const asked = client.getQueryCache().find({
      queryKey: activityPagesQuery({ sid: SID, actor: 'portal' }).queryKey,
      exact: true,
    })
    expect(asked).toBeDefined()
  })
})

describe('a filter changed while offline', () => {
  beforeEach(() => setConfig({ records: true }))
  afterEach(async () => {
    cleanup()
    onlineManager.setOnline(true)
    setConfig({})
    await changeLanguage('en')
  })

  // TanStack Query holds the read until the connection is back: the page says it waits for it.
  it.each([
    ['en', 'Sent by', 'No connection: the activity is updated once the connection is back.'],
    [
      'de',
      'Gesendet von',
      'Keine Verbindung: Die Aktivität wird aktualisiert, sobald die Verbindung wieder besteht.',
    ],
  ] as const)('says the activity waits for the connection (%s)', async (language, label, text) => {
    await changeLanguage(language)
    showUserActivity()
    act(() => onlineManager.setOnline(false))
    fireEvent.change(screen.getByRole('combobox', { name: label }), {
      target: { value: 'helpdesk' },
    })
    expect(await screen.findAllByText(text)).not.toHaveLength(0)
  })
})

describe('filters that match no activity', () => {
  beforeEach(() => setConfig({ records: true }))
  afterEach(async () => {
    cleanup()
    setConfig({})
    await changeLanguage('en')
  })

  it.each([
    [
      'en',
      'Action',
      'No activity entries match the filters chosen',
      'Choose other filters or a wider range of dates.',
      'Clear filters',
      'From (activity date)',
    ],
    [
      'de',
      'Aktion',
      'Keine Aktivitätseinträge mit den gewählten Filtern',
      'Wählen Sie andere Filter oder einen größeren Zeitraum.',
      'Filter zurücksetzen',
      'Von (Datum der Aktivität)',
    ],
  ] as const)(
    'says so as the other lists do, once to screen readers, and carries its own way out, the keyboard at the first filter (%s)',
    async (language, action, title, hint, clear, from) => {
      await changeLanguage(language)
      const client = showUserActivity()
      firstPage(client, { sid: SID, actions: ['wipe'] }, [])
      const status = screen.getByRole('status')
      fireEvent.change(screen.getByRole('combobox', { name: action }), {
        target: { value: 'wipe' },
      })
      expect(await screen.findByRole('heading', { level: 3, name: title })).toBeInTheDocument()
      expect(screen.getByText(hint)).toBeInTheDocument()
      // The region that said the count says it, as it was before the answer came.
      expect(screen.getByRole('status')).toBe(status)
      expect(status).toHaveTextContent(title)
      expect(document.querySelectorAll('[role=status], [aria-live]')).toHaveLength(1)
      // The card's own button, beside the toolbar's of the same name and effect.
      const card = screen.getByRole('heading', { level: 3, name: title }).parentElement!
      fireEvent.click(within(card).getByRole('button', { name: clear }))
      expect(await screen.findByText("Anna's iPhone", { exact: false })).toBeInTheDocument()
      expect(screen.getByRole('combobox', { name: action })).toHaveValue('')
      expect(screen.getByLabelText(from)).toHaveFocus()
    },
  )
})

describe('older records than the search shows', () => {
  const envelope = { success: true, errorcode: null, errormessage: null, tokenstatus: null }
  const older = [
    record('wipe', { id: 'older-1', clientId: 'iphone', deviceName: "Anna's old iPhone" }),
    record('unlock', { id: 'older-2', clientId: 'iphone', deviceName: "Anna's old iPhone" }),
  ]
  /** The bodies the records were asked with, and a way to answer the one waiting. */
  function records() {
    const asked: Record<string, unknown>[] = []
    const answers: ((response: Response) => void)[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        asked.push(JSON.parse(String(init?.body)) as Record<string, unknown>)
        return new Promise<Response>((resolve) => answers.push(resolve))
      }),
    )
    const answer = async (response: Response) => {
      await act(async () => answers.shift()!(response))
    }
    return { asked, answer }
  }
  const page = (items: Activity[], more: boolean) =>
    Response.json({
      ...envelope,
      data: items,
      more,
      ...(more ? { next: 'page-2-end' } : {}),
    })

  beforeEach(() => {
    setConfig({ records: true })
    session.start('token-1')
  })
  afterEach(async () => {
    cleanup()
    vi.unstubAllGlobals()
    session.expire()
    setConfig({})
    await changeLanguage('en')
  })

  it.each([
    [
      'en',
      'Show older records',
      '2 older records shown, 5 in all.',
      'Older records are left: show them below, or narrow the dates; the CSV holds up to 50,000.',
    ],
    [
      'de',
      'Ältere Einträge anzeigen',
      '2 ältere Einträge angezeigt, 5 insgesamt.',
      'Es gibt noch ältere Einträge: Zeigen Sie sie unten an oder grenzen Sie die Daten ein; die CSV-Datei enthält bis zu 50.000.',
    ],
  ] as const)(
    'come below those shown, once for a double press, said in the count and with the keyboard at the first of them (%s)',
    async (language, show, shown, left) => {
      await changeLanguage(language)
      const { asked, answer } = records()
      showUserActivity(true)
      const button = screen.getByRole('button', { name: show })
      fireEvent.click(button)
      fireEvent.click(button)
      expect(asked).toEqual([{ token: 'token-1', sid: SID, after: 'page-1-end' }])
      await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'))
      await answer(page(older, true))
      await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(5))
      const lines = screen.getAllByRole('listitem')
      expect(lines[3]).toHaveTextContent("Anna's old iPhone")
      expect(lines[3]).toHaveFocus()
      expect(screen.getByRole('status')).toHaveTextContent(`${shown} ${left}`)
      // The last of them: the button goes, the count says how many came.
      fireEvent.click(screen.getByRole('button', { name: show }))
      expect(asked.at(-1)).toEqual({ token: 'token-1', sid: SID, after: 'page-2-end' })
      await answer(page([record('lock', { id: 'oldest' })], false))
      await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(6))
      expect(screen.getAllByRole('listitem')[5]).toHaveFocus()
      expect(screen.queryByRole('button', { name: show })).not.toBeInTheDocument()
      expect(screen.getByRole('status')).toHaveTextContent(
        language === 'en'
          ? '1 older record shown, 6 in all.'
          : '1 älterer Eintrag angezeigt, 6 insgesamt.',
      )
    },
  )

  it.each([
    ['en', 'Show older records', 'The older records could not be loaded'],
    ['de', 'Ältere Einträge anzeigen', 'Die älteren Einträge konnten nicht geladen werden'],
  ] as const)(
    'that fail to come are said beside the button, kept for another try, the list as it was (%s)',
    async (language, show, failed) => {
      await changeLanguage(language)
      const { asked, answer } = records()
      showUserActivity(true)
      fireEvent.click(screen.getByRole('button', { name: show }))
      await answer(new Response('', { status: 500 }))
      expect(await screen.findByText(new RegExp(failed))).toBeInTheDocument()
      expect(screen.getAllByRole('listitem')).toHaveLength(3)
      const button = screen.getByRole('button', { name: show })
      expect(button).not.toHaveAttribute('aria-busy')
      fireEvent.click(button)
      expect(asked).toHaveLength(2)
      expect(asked[1]).toEqual(asked[0])
      await answer(page(older, false))
      await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(5))
      expect(screen.queryByText(new RegExp(failed))).not.toBeInTheDocument()
    },
  )

  it('start again from the newest when a filter changes, the filters kept', async () => {
    const { asked, answer } = records()
    showUserActivity(true)
    fireEvent.click(screen.getByRole('button', { name: 'Show older records' }))
    await answer(page(older, true))
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(5))
    fireEvent.change(screen.getByRole('combobox', { name: 'Action' }), {
      target: { value: 'wipe' },
    })
    expect(asked.at(-1)).toEqual({ token: 'token-1', sid: SID, actions: ['wipe'] })
    await answer(page([older[0]!], false))
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1))
    expect(screen.getByRole('combobox', { name: 'Action' })).toHaveValue('wipe')
    expect(screen.queryByRole('button', { name: 'Show older records' })).not.toBeInTheDocument()
  })
})
