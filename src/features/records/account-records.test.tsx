import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setConfig } from '@/lib/config'
import { changeLanguage } from '@/lib/i18n'
import { accountRecordsQuery } from './api'
import { AccountRecords } from './account-records'
import type { PortalSession } from './schemas'

/** A session of Firefox on Linux, started at `hour` UTC on 23 November 2026. */
function firefox(id: string, hour: number, current = false): PortalSession {
  const at = new Date(Date.UTC(2026, 10, 23, hour))
  const where = { browser: 'Firefox 141', system: 'Linux', address: '' }
  return { id, method: 'password', ...where, startedAt: at, lastUsedAt: at, current }
}

/** The account's records as given, drawn from the cache (no request). */
function show(sessions: PortalSession[]) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
  client.setQueryData(accountRecordsQuery().queryKey, {
    sessions,
    endedSessions: [],
    endedSessionsCount: 0,
    signIns: [],
    newDeviceSignIns: [],
  })
  render(
    <QueryClientProvider client={client}>
      <AccountRecords />
    </QueryClientProvider>,
  )
}

describe('where the account is signed in', () => {
  beforeEach(() => setConfig({ records: true }))
  afterEach(async () => {
    cleanup()
    setConfig({})
    await changeLanguage('en')
  })

  it.each([
    ['en', 'Sign out there', 'Sign out there: Firefox 141 on Linux, signed in '],
    ['de', 'Dort abmelden', 'Dort abmelden: Firefox 141 unter Linux, angemeldet '],
  ] as const)(
    'tells apart two sessions of the same browser by when they began, the visible words first (%s)',
    async (language, visible, named) => {
      await changeLanguage(language)
      show([firefox('here', 11, true), firefox('a', 8), firefox('b', 9)])
      const buttons = screen.getAllByRole('button', { name: new RegExp(`^${visible}`) })
      expect(buttons).toHaveLength(2)
      const names = buttons.map((button) => button.getAttribute('aria-label') ?? '')
      for (const name of names) expect(name.startsWith(named)).toBe(true)
      expect(new Set(names).size).toBe(2)
      for (const button of buttons) expect(button).toHaveTextContent(visible)
    },
  )

  // Two windows of one browser opened in the same minute have the same name and start; the row
  // tells them apart by when each was last used and from which network, and so must the button.
  it.each([
    ['en', 'Sign out there'],
    ['de', 'Dort abmelden'],
  ] as const)(
    'tells apart two sessions begun in the same minute as their rows do (%s)',
    async (language, visible) => {
      await changeLanguage(language)
      // Begun an hour ago, 20 seconds apart within one minute; last used 2 or 40 minutes ago.
      const minute = Math.floor(Date.now() / 60_000) * 60_000 - 3_600_000
      const begun = new Date(minute + 10_000)
      const later = new Date(minute + 30_000)
      const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000)
      const same = {
        method: 'password' as const,
        browser: 'Firefox 141',
        system: 'Linux',
        current: false,
      }
      show([
        firefox('here', 11, true),
        { ...same, id: 'a', address: '', startedAt: begun, lastUsedAt: ago(2) },
        { ...same, id: 'b', address: '', startedAt: later, lastUsedAt: ago(40) },
        { ...same, id: 'c', address: '203.0.113.7', startedAt: later, lastUsedAt: ago(2) },
      ])
      const buttons = screen.getAllByRole('button', { name: new RegExp(`^${visible}: `) })
      expect(buttons).toHaveLength(3)
      const names = buttons.map((button) => button.getAttribute('aria-label') ?? '')
      expect(new Set(names).size).toBe(3)
      expect(names[2]).toContain('203.0.113.7')
    },
  )
})

/** What a screen reader reads of an element: its text without what is hidden from it. */
function spoken(element: Element): string {
  const copy = element.cloneNode(true) as Element
  copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove())
  return copy.textContent ?? ''
}

// The dot between two facts is hidden from screen readers; the space around it must not be, or
// "11:00 AM" and "Last used" are read as one word ("AMLast").
describe('the facts of a session', () => {
  beforeEach(() => setConfig({ records: true }))
  afterEach(() => {
    cleanup()
    setConfig({})
  })

  it('are read as separate words', () => {
    show([firefox('here', 11, true)])
    const facts = screen.getByText(/^Signed in /)
    expect(spoken(facts)).toMatch(/^Signed in .+ Last used .+$/)
    expect(spoken(facts)).not.toMatch(/[AP]MLast/)
  })
})
