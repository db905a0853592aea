import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { PORTAL_ERROR_CODES } from '@contract/error-codes'
import type { Activity } from '@/entities/device/history'
import { setConfig } from '@/lib/config'
import { changeLanguage } from '@/lib/i18n'
import { activityRecord } from '@/test/activity'
import { activityQuery } from './api'
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

/**
 * A user's activity, its unfiltered answer from the cache (no request); `more`: the records hold
 * older ones it leaves out.
 */
function showUserActivity(more = false) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
  client.setQueryData(activityQuery({ sid: SID }).queryKey, { activity, more })
  render(
    <QueryClientProvider client={client}>
      <ActivitySearch sid={SID} />
    </QueryClientProvider>,
  )
  return client
}

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
      'The newest 3 records: older ones are left out. Narrow the dates to see them; the CSV holds up to 50,000.',
    ],
    [
      'de',
      'Die neuesten 3 Einträge: ältere sind ausgelassen. Grenzen Sie die Daten ein, um sie zu sehen; die CSV-Datei enthält bis zu 50.000.',
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
      queryKey: activityQuery({ sid: SID, actor: 'portal' }).queryKey,
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
      client.setQueryData(activityQuery({ sid: SID, actions: ['wipe'] }).queryKey, {
        activity: [],
        more: false,
      })
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
