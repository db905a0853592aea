import { QueryClient, QueryClientProvider, focusManager } from '@tanstack/react-query'
import { act, cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ERROR_CODES } from '@contract/error-codes'
import type { Activity } from '@/entities/device/history'
import { setConfig } from '@/lib/config'
import { changeLanguage } from '@/lib/i18n'
import { session } from '@/lib/session'
import { activityRecord } from '@/test/activity'
import { activityQuery } from './api'
import { USER_CHANGES, UserChanges } from './user-changes'

const at = new Date(Date.UTC(2026, 10, 23, 12))

/** A change to a user the service refused, sent by another administrator: it names no user. */
function refused(action: 'userInvite' | 'userDelete', details: Activity['details']): Activity {
  return activityRecord({
    action,
    at,
    actor: 'helpdesk',
    byYou: false,
    account: 'admin@example.com',
    clientId: '',
    details,
    outcome: 'refused',
    answerCode: action === 'userInvite' ? ERROR_CODES.userAlreadyExists : ERROR_CODES.userNotFound,
  })
}

const changes = [
  refused('userDelete', { sid: 'no-such-user' }),
  refused('userInvite', { email: 'anna@example.com', firstname: 'Anna', lastname: 'Again' }),
]

/**
 * The section with the records' answer as given (`more`: the records hold older ones it leaves
 * out); the lines it shows, each as its text.
 */
function lines(activity: Activity[], more = false) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
  client.setQueryData(activityQuery(USER_CHANGES).queryKey, { activity, more })
  render(
    <QueryClientProvider client={client}>
      <UserChanges />
    </QueryClientProvider>,
  )
  return within(screen.getByRole('region'))
}

describe('the invitations, deletions and password links the help desk sent', () => {
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
    expect(
      screen.getByRole('region', { name: 'Invitations, deletions and password links' }),
    ).toBeInTheDocument()
    const [deletion, invite] = section.getAllByRole('listitem')
    expect(invite).toHaveTextContent(
      /^User invited by admin@example\.com · .+ · refused by the service: a user with this e-mail address already exists/,
    )
    expect(invite).toHaveTextContent('E-mail: anna@example.com · Name: Anna Again')
    expect(deletion).toHaveTextContent(
      /^User deleted by admin@example\.com · .+ · refused by the service: no such user/,
    )
    expect(deletion).toHaveTextContent('User ID: no-such-user')
  })

  it('says the same in German', async () => {
    await changeLanguage('de')
    const section = lines(changes)
    expect(
      screen.getByRole('region', { name: 'Einladungen, Löschungen und Passwort-Links' }),
    ).toBeInTheDocument()
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

  it('says of a change without its answer that it waits for the service, then that none came', async () => {
    const unanswered = (id: string, outcome: 'sent' | 'noAnswer'): Activity => ({
      ...refused('userDelete', { sid: 'S-1' }),
      id,
      outcome,
      answerCode: null,
      // The service's answer never came: past its wait, no longer awaited.
      answerLost: outcome === 'noAnswer',
    })
    const shown = [unanswered('waiting', 'sent'), unanswered('lost', 'noAnswer')]
    await changeLanguage('en')
    let [waiting, lost] = lines(shown).getAllByRole('listitem')
    expect(waiting).toHaveTextContent(/ · sent, waiting for the service’s answerUser ID: S-1$/)
    expect(lost).toHaveTextContent(
      / · no answer from the service: not known whether it was doneUser ID: S-1$/,
    )
    cleanup()
    await changeLanguage('de')
    ;[waiting, lost] = lines(shown).getAllByRole('listitem')
    expect(waiting).toHaveTextContent(/ · gesendet, wartet auf die Antwort des DienstesBenutzer-ID/)
    expect(lost).toHaveTextContent(
      / · keine Antwort vom Dienst: unbekannt, ob es ausgeführt wurdeBenutzer-ID/,
    )
  })

  // The records answer with the newest 500 and say whether older ones exist (`more`): the list
  // alone would read as all there is.
  it.each([
    [
      'en',
      'The newest 2 records: older ones are left out. The Activity screen shows them: choose the action and narrow the dates.',
    ],
    [
      'de',
      'Die neuesten 2 Einträge: ältere sind ausgelassen. Die Seite „Aktivität“ zeigt sie: Wählen Sie die Aktion und grenzen Sie die Daten ein.',
    ],
  ] as const)('says when it leaves older ones out (%s), and only then', async (language, note) => {
    await changeLanguage(language)
    const section = lines(changes, true)
    expect(section.getByText(note)).toBeVisible()
    expect(section.getAllByRole('listitem')).toHaveLength(2)
    cleanup()
    lines(changes)
    expect(screen.queryByText(note)).not.toBeInTheDocument()
  })

  it('asks the records for the password links too, and says who sent one to whom', async () => {
    session.start('token-1')
    const link = activityRecord({
      action: 'userPasswordLink',
      at,
      actor: 'helpdesk',
      byYou: false,
      account: 'helpdesk@example.com',
      clientId: '',
      details: { sid: 'S-1' },
      outcome: 'done',
    })
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) =>
      Response.json({
        success: true,
        errorcode: null,
        errormessage: null,
        tokenstatus: null,
        data: [{ ...link, at: at.toISOString() }],
      }),
    )
    vi.stubGlobal('fetch', fetch)
    try {
      for (const [lang, words] of [
        ['en', /^Password link sent by helpdesk@example\.com · .+ · done/],
        ['de', /^Passwort-Link von helpdesk@example\.com gesendet · .+ · erledigt/],
      ] as const) {
        await changeLanguage(lang)
        render(
          <QueryClientProvider client={new QueryClient()}>
            <UserChanges />
          </QueryClientProvider>,
        )
        expect(await screen.findByRole('listitem')).toHaveTextContent(words)
        cleanup()
      }
      const body = JSON.parse(String(fetch.mock.calls[0]?.[1]?.body)) as { actions: string[] }
      expect(body.actions).toContain('userPasswordLink')
    } finally {
      vi.unstubAllGlobals()
      session.expire()
    }
  })

  it('says when there is none yet', async () => {
    await changeLanguage('en')
    lines([])
    expect(
      screen.getByText(
        'No user has been invited, deleted or sent a password link through the portal yet.',
      ),
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

describe('the invitations and deletions while one waits for its answer', () => {
  const envelope = { success: true, errorcode: null, errormessage: null, tokenstatus: null }
  const sentAt = Date.UTC(2026, 10, 23, 12)
  /** A deletion the service has not answered yet, as the records show it (`sent`). */
  const waiting = {
    id: 'deletion',
    at: new Date(sentAt).toISOString(),
    action: 'userDelete',
    actor: 'helpdesk',
    byYou: true,
    account: 'admin@example.com',
    accountDeleted: false,
    clientId: '',
    deviceName: null,
    details: { sid: 'S-1' },
    outcome: 'sent',
    doneAfterMs: null,
    answerCode: null,
    answerLost: false,
  }
  let outcome = 'sent'

  /**
   * The records' answers, each counted; the deletion as `outcome` says at the time, as the portal
   * server shows it: without an answer once its wait for the service (`waitMs`) is over, by the
   * server's clock (`skewMs` ahead of this browser's).
   */
  function records({ waitMs = 5 * 60_000, skewMs = 0 } = {}) {
    const fetch = vi.fn(async (_url: string, _init?: RequestInit) => {
      const age = Date.now() + skewMs - sentAt
      const late = outcome === 'sent' && age > waitMs
      const shown = late ? 'noAnswer' : outcome
      const waitLeftMs = shown === 'sent' ? Math.max(0, waitMs - age) : null
      return Response.json({
        ...envelope,
        data: [{ ...waiting, outcome: shown, answerLost: late, waitLeftMs }],
      })
    })
    vi.stubGlobal('fetch', fetch)
    return fetch
  }

  function show() {
    const client = new QueryClient()
    render(
      <QueryClientProvider client={client}>
        <UserChanges />
      </QueryClientProvider>,
    )
  }

  /** The time passes in steps of a tenth of a second, each answer read as it comes. */
  async function wait(ms: number) {
    for (let passed = 0; passed < ms; passed += 100) {
      await act(() => vi.advanceTimersByTimeAsync(100))
    }
  }

  beforeEach(async () => {
    outcome = 'sent'
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    })
    vi.setSystemTime(sentAt + 200)
    setConfig({ records: true })
    session.start('token-1')
    await changeLanguage('en')
  })
  afterEach(() => {
    cleanup()
    focusManager.setFocused(undefined)
    vi.useRealTimers()
    vi.unstubAllGlobals()
    session.expire()
    setConfig({})
  })

  it('asks again soon, then ever more rarely: not every second for a minute', async () => {
    const fetch = records()
    show()
    await wait(60_000)
    // Each read of the records asks the service about every user they name: 1 s, 3 s, 7 s,
    // 15 s, 30 s, 45 s and 60 s after the first, not sixty times.
    expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(5)
    expect(fetch.mock.calls.length).toBeLessThanOrEqual(8)
    const before = fetch.mock.calls.length
    await wait(120_000)
    // A change still awaited after a minute is read once a minute, no more often.
    expect(fetch.mock.calls.length - before).toBeGreaterThanOrEqual(1)
    expect(fetch.mock.calls.length - before).toBeLessThanOrEqual(2)
  })

  it('says so once the service’s answer has not come in time, just after the wait ends', async () => {
    // The portal server's wait for the service (changeAnswerWaitMs), here a minute and a half.
    const fetch = records({ waitMs: 90_000 })
    show()
    await wait(60_000)
    expect(screen.getByRole('listitem')).toHaveTextContent('waiting for the service’s answer')
    await wait(33_000)
    expect(screen.getByRole('listitem')).toHaveTextContent(
      'no answer from the service: not known whether it was done',
    )
    const ended = fetch.mock.calls.length
    await wait(120_000)
    expect(fetch.mock.calls.length).toBe(ended)
  })

  it('shows an answer that comes after the first minute, then asks no more', async () => {
    const fetch = records()
    show()
    await wait(100_000)
    expect(screen.getByRole('listitem')).toHaveTextContent('waiting for the service’s answer')
    outcome = 'done'
    await wait(62_000)
    expect(screen.getByRole('listitem')).toHaveTextContent(/ · doneUser ID: S-1$/)
    const answered = fetch.mock.calls.length
    await wait(120_000)
    expect(fetch.mock.calls.length).toBe(answered)
  })

  it('reads again once a minute a change sent minutes before the page was opened', async () => {
    // Sent four minutes ago by both clocks; the server waits five for its answer.
    vi.setSystemTime(sentAt + 4 * 60_000)
    const fetch = records()
    show()
    await wait(30_000)
    // Not awaited second by second: its answer would have come long ago.
    expect(fetch).toHaveBeenCalledOnce()
    await wait(40_000)
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(screen.getByRole('listitem')).toHaveTextContent(
      'no answer from the service: not known whether it was done',
    )
  })

  it('asks no more once the answer is there', async () => {
    const fetch = records()
    show()
    await wait(500)
    outcome = 'done'
    await wait(1_000)
    const answered = fetch.mock.calls.length
    expect(answered).toBe(2)
    await wait(30_000)
    expect(fetch.mock.calls.length).toBe(answered)
  })

  it('asks nothing while the page is hidden', async () => {
    const fetch = records()
    show()
    await wait(500)
    focusManager.setFocused(false)
    await wait(30_000)
    expect(fetch).toHaveBeenCalledOnce()
  })

  it("reads often for a minute at most a change a browser's clock that is behind puts in the future", async () => {
    // The records' time is the portal server's; a browser whose clock is behind sees the change
    // sent "in the future". It is read second by second for a minute at most, never for ever.
    vi.setSystemTime(sentAt - 10 * 60_000)
    const fetch = records({ skewMs: 10 * 60_000 })
    show()
    await wait(60_000)
    expect(fetch.mock.calls.length).toBeLessThanOrEqual(8)
    const before = fetch.mock.calls.length
    // Then once a minute, until the server's wait is over: its clock, not this browser's.
    await wait(4 * 60_000 + 3_000)
    expect(fetch.mock.calls.length - before).toBeLessThanOrEqual(5)
    expect(screen.getByRole('listitem')).toHaveTextContent('no answer from the service')
  })
})
