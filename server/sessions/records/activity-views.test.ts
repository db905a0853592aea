import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readConfig } from '../../config.ts'
import { ANSWER_WAIT_MS, changeAnswerWaitMs } from './activity.ts'
import { PORTAL_ERROR_CODES } from '../../../contract/error-codes.ts'
import {
  activityCsv,
  activityView,
  answerLost,
  shownOutcome,
  type OwnerNames,
} from './activity-views.ts'
import { CSV_WORDS } from './csv-words.ts'
import type { ActivityRow } from './schema.ts'

/** The screens' words, read as files: the server imports nothing of the portal. */
function screenWords(language: 'en' | 'de'): typeof CSV_WORDS.en {
  const file = new URL(`../../../locales/${language}/records.json`, import.meta.url)
  return JSON.parse(readFileSync(file, 'utf8')) as typeof CSV_WORDS.en
}
const enRecords = screenWords('en')
const deRecords = screenWords('de')

const at = new Date('2026-11-20T10:00:00Z')
/** How long a change to a user is awaited with the portal's own wait for the service. */
const CHANGE_WAIT_MS = changeAnswerWaitMs(readConfig({}).proxyTimeoutMs)

function row(action: string, outcome: ActivityRow['outcome'] = 'sent'): ActivityRow {
  return {
    id: 'r1',
    at,
    seq: 1,
    account: 'anna@example.com',
    actor: 'user',
    session_id: null,
    client_id: 'c1',
    device_name: null,
    owner_sid: null,
    action,
    details: {},
    answer_status: 200,
    answer_code: null,
    outcome,
    done_at: null,
    world: '',
    tenant: '',
    tenant_sid: null,
  }
}

describe('shownOutcome', () => {
  it('waits for a command whose end the device shows (spec: actions … status 1 = pending)', () => {
    expect(shownOutcome(row('lock'), CHANGE_WAIT_MS, at.getTime() + 60_000)).toBe('sent')
    expect(shownOutcome(row('lock'), CHANGE_WAIT_MS, at.getTime() + ANSWER_WAIT_MS + 1)).toBe(
      'noAnswer',
    )
  })

  it('says only "sent to the device" of one the device has no pending flag for', () => {
    for (const action of ['appListRefresh', 'appInstall', 'appUninstall']) {
      expect(shownOutcome(row(action), CHANGE_WAIT_MS, at.getTime() + 60_000), action).toBe(
        'accepted',
      )
      expect(
        shownOutcome(row(action), CHANGE_WAIT_MS, at.getTime() + ANSWER_WAIT_MS + 1),
        action,
      ).toBe('accepted')
    }
  })

  it('waits for the service’s answer to a change to a user, then says it never came', () => {
    // Its record stays sent when the portal stopped before the answer, the connection broke,
    // or the service did not answer in time: nobody knows whether the service took it.
    // Such a record has no answer status (0): the portal recorded none (api-hooks.ts).
    const unanswered = (action: string) => ({ ...row(action), answer_status: 0 })
    for (const action of ['userInvite', 'userDelete']) {
      const sent = unanswered(action)
      expect(shownOutcome(sent, CHANGE_WAIT_MS, at.getTime() + 1_000), action).toBe('sent')
      expect(shownOutcome(sent, CHANGE_WAIT_MS, at.getTime() + 60_000), action).toBe('sent')
      expect(shownOutcome(sent, CHANGE_WAIT_MS, at.getTime() + CHANGE_WAIT_MS + 1), action).toBe(
        'noAnswer',
      )
      expect(shownOutcome(sent, CHANGE_WAIT_MS, at.getTime() + ANSWER_WAIT_MS + 1)).toBe('noAnswer')
      // Answered: as the service answered, however long ago.
      const later = at.getTime() + ANSWER_WAIT_MS * 30
      expect(shownOutcome(row(action, 'done'), CHANGE_WAIT_MS, later), action).toBe('done')
      expect(shownOutcome(row(action, 'refused'), CHANGE_WAIT_MS, later), action).toBe('refused')
    }
  })

  it('awaits a change well past the portal’s own wait for the service', () => {
    // server/config.ts: MDM_API_TIMEOUT_MS, 25 s unless set.
    expect(readConfig({}).proxyTimeoutMs).toBe(25_000)
    expect(CHANGE_WAIT_MS).toBe(5 * 60_000)
    expect(changeAnswerWaitMs(1_000)).toBe(5 * 60_000)
    // A longer wait set by the operator is exceeded all the same.
    expect(changeAnswerWaitMs(120_000)).toBe(480_000)
    // A device's answer is still awaited a day.
    expect(ANSWER_WAIT_MS).toBe(86_400_000)
  })

  it('says at once of a device’s command the portal answered in the service’s stead that no answer came', () => {
    // The service did not answer in time, could not be reached, or failed without its envelope:
    // whether it took the command is not known, and no answer will come. Neither refused, nor
    // waiting for the device.
    for (const code of [
      PORTAL_ERROR_CODES.serviceTimeout,
      PORTAL_ERROR_CODES.serviceUnavailable,
      PORTAL_ERROR_CODES.serviceFailed,
    ]) {
      for (const action of ['lock', 'wipe', 'lostModeOn', 'appInstall', 'appListRefresh']) {
        const lost = { ...row(action, 'sent'), answer_status: 504, answer_code: code }
        expect(shownOutcome(lost, CHANGE_WAIT_MS, at.getTime() + 1_000), action).toBe('noAnswer')
        expect(shownOutcome(lost, CHANGE_WAIT_MS, at.getTime() + ANSWER_WAIT_MS * 2)).toBe(
          'noAnswer',
        )
      }
    }
    // The service’s own refusal stays one.
    const refused = { ...row('lock', 'refused'), answer_status: 400, answer_code: '02100001' }
    expect(shownOutcome(refused, CHANGE_WAIT_MS, at.getTime() + 1_000)).toBe('refused')
  })

  it('says of a device’s command whose answer the portal never recorded that none came, after the service’s wait', () => {
    // The portal stopped (killed, its host gone) between sending and the answer: the record
    // keeps answer_status 0. Under way while the service may still answer; past that, nobody
    // knows whether the service took it, and no answer will come: not waiting for the device.
    for (const action of ['lock', 'wipe', 'lostModeOn', 'locate', 'appInstall']) {
      const unanswered = { ...row(action, 'sent'), answer_status: 0 }
      const young = shownOutcome(unanswered, CHANGE_WAIT_MS, at.getTime() + 60_000)
      expect(young, action).toBe(action === 'appInstall' ? 'accepted' : 'sent')
      expect(answerLost(unanswered, CHANGE_WAIT_MS, at.getTime() + 60_000), action).toBe(false)
      const late = at.getTime() + CHANGE_WAIT_MS + 1
      expect(shownOutcome(unanswered, CHANGE_WAIT_MS, late), action).toBe('noAnswer')
      expect(answerLost(unanswered, CHANGE_WAIT_MS, late), action).toBe(true)
    }
    // One the service answered waits for the device a day, as before.
    const taken = row('lock', 'sent')
    const late = at.getTime() + CHANGE_WAIT_MS + 1
    expect(shownOutcome(taken, CHANGE_WAIT_MS, late)).toBe('sent')
    expect(answerLost(taken, CHANGE_WAIT_MS, late)).toBe(false)
    expect(answerLost(taken, CHANGE_WAIT_MS, at.getTime() + ANSWER_WAIT_MS + 1)).toBe(false)
  })

  it('keeps what the portal learnt', () => {
    expect(shownOutcome(row('appInstall', 'refused'), CHANGE_WAIT_MS)).toBe('refused')
    expect(shownOutcome(row('lock', 'done'), CHANGE_WAIT_MS)).toBe('done')
  })
})

describe('activityView', () => {
  const viewer = { account: 'admin@example.com', usertype: 'admin' as const, tenant: '' }
  const waitLeft = (record: ActivityRow, afterMs: number) =>
    activityView(record, viewer, true, CHANGE_WAIT_MS, at.getTime() + afterMs).waitLeftMs

  it('says how much longer a change still sent is waited for, so the page reads again then', () => {
    // A span from the answer on, not a time: a browser's clock may be wrong. A record still sent
    // without an answer has answer_status 0.
    const unanswered = (action: string) => ({ ...row(action), answer_status: 0 })
    expect(waitLeft(unanswered('userDelete'), 60_000)).toBe(CHANGE_WAIT_MS - 60_000)
    expect(waitLeft(unanswered('userInvite'), CHANGE_WAIT_MS)).toBe(0)
    expect(waitLeft(unanswered('userInvite'), CHANGE_WAIT_MS + 1)).toBeNull()
    // A command the service took waits for its device a day; one it never answered, as a change.
    expect(waitLeft(row('lock'), 60_000)).toBe(ANSWER_WAIT_MS - 60_000)
    expect(waitLeft(unanswered('lock'), 60_000)).toBe(CHANGE_WAIT_MS - 60_000)
    expect(waitLeft(unanswered('lock'), CHANGE_WAIT_MS + 1)).toBeNull()
    // Nothing is waited for once answered, nor for what the device never shows done.
    expect(waitLeft(row('userDelete', 'done'), 1_000)).toBeNull()
    expect(waitLeft(row('userInvite', 'refused'), 1_000)).toBeNull()
    expect(waitLeft(row('appInstall'), 1_000)).toBeNull()
  })

  it('names the owner of the device, or the user a change was filed under, to the help desk only', () => {
    // The tenant's activity links each line to the owner's page.
    const owned = { ...row('lock'), owner_sid: 'S-anna' }
    expect(activityView(owned, viewer, true, CHANGE_WAIT_MS).ownerSid).toBe('S-anna')
    expect(activityView(row('lock'), viewer, true, CHANGE_WAIT_MS).ownerSid).toBeNull()
    const employee = { account: 'anna@example.com', usertype: 'user' as const, tenant: '' }
    expect(activityView(owned, employee, false, CHANGE_WAIT_MS).ownerSid).toBeNull()
  })
})

describe('activityCsv', () => {
  /** The file's rows after its heading, each as its cells. */
  function cells(
    rows: ActivityRow[],
    language: string,
    apps = new Map<string, string>(),
    owners: OwnerNames = null,
  ) {
    return activityCsv(rows, language, apps, owners, CHANGE_WAIT_MS)
      .replace('\uFEFF', '')
      .trim()
      .split('\r\n')
      .map((line) => line.slice(1, -1).split('","'))
  }

  it('uses the words of the screens, which a test of its own keeps equal', () => {
    for (const [language, words] of [
      ['en', enRecords],
      ['de', deRecords],
    ] as const) {
      expect(CSV_WORDS[language]).toEqual({
        actionName: words.actionName,
        outcome: words.outcome,
        details: words.details,
      })
    }
  })

  it.each([
    [
      'en',
      'Only the newest 50,000 records are in this file: older ones are left out. Narrow the dates to export them.',
    ],
    [
      'de',
      'Nur die neuesten 50.000 Einträge sind in dieser Datei: ältere sind ausgelassen. Grenzen Sie die Daten ein, um sie zu exportieren.',
    ],
  ] as const)('says in its last line that it leaves older records out (%s)', (language, note) => {
    const file = (beyond: number | null) =>
      activityCsv([row('lock')], language, new Map(), null, CHANGE_WAIT_MS, Date.now(), beyond)
        .trim()
        .split('\r\n')
    // One cell, quoted as every cell is, after the heading and the records.
    expect(file(50_000)).toEqual([...file(null), `"${note}"`])
    expect(file(null)).toHaveLength(2)
  })

  it('names each record’s owner by sid, name and address; one no longer listed as deleted', () => {
    const owners = new Map([['S-anna', { name: 'Anna Berger', email: 'anna@example.com' }]])
    const anna = { ...row('wipe'), owner_sid: 'S-anna' }
    const gone = { ...row('lock'), owner_sid: 'S-gone' }
    const [, named, deleted] = cells([anna, gone], 'en', new Map(), owners)
    expect(named?.slice(-3)).toEqual(['S-anna', 'Anna Berger', 'anna@example.com'])
    expect(deleted?.slice(-3)).toEqual(['S-gone', 'a deleted user', ''])
    expect(cells([gone], 'de', new Map(), owners)[1]?.slice(-3)).toEqual([
      'S-gone',
      'ein gelöschter Benutzer',
      '',
    ])
    // Without the service's list of users, the sid alone: nobody is called deleted unseen.
    expect(cells([anna, gone], 'en')[2]?.slice(-3)).toEqual(['S-gone', '', ''])
  })

  // Spec (app/list): "A user credential gets the apps of the user (and of the device when
  // clientid is sent)": an app it no longer lists is no longer assigned, its end not seen.
  it('says of an install whose app is no longer listed that its result cannot be seen, never done', () => {
    const unlisted = { ...row('appUninstall', 'unlisted'), details: { id: 'EA12' } }
    const [, en] = cells([unlisted], 'en')
    const [, de] = cells([unlisted], 'de')
    expect(en).toContain(enRecords.outcome.unlisted)
    expect(de).toContain(deRecords.outcome.unlisted)
    expect(en?.[8]).toBe('')
    expect(shownOutcome(unlisted, CHANGE_WAIT_MS)).toBe('unlisted')
  })

  it('says in the reader’s language what was done, by whom and how it ended', () => {
    const lock = {
      ...row('lostModeOn', 'done'),
      details: { message: 'Pay $& back', phonenumber: '+49 89 1' },
    }
    const install = {
      ...row('appInstall', 'sent'),
      actor: 'helpdesk' as const,
      details: { id: 'EA12' },
    }
    const [heading, first, second] = cells(
      [lock, install],
      'de-DE',
      new Map([['EA12', 'Secure Mail']]),
    )
    expect(heading).toEqual([
      'Zeit (UTC)',
      'Aktion',
      'Konto',
      'Gesendet von',
      'Gerät',
      'Geräte-ID',
      'Details',
      'Ergebnis',
      'Erledigt um (UTC)',
      'Antwort des Dienstes',
      'Besitzer (SID)',
      'Besitzer',
      'E-Mail des Besitzers',
    ])
    expect(first?.slice(1, 4)).toEqual([
      'Modus „Verloren“ aktivieren',
      'anna@example.com',
      'Benutzer des Geräts',
    ])
    // A replacement pattern in what was typed stays as typed.
    expect(first?.[6]).toBe('Nachricht: „Pay $& back“; Telefon: +49 89 1')
    expect(first?.[7]).toBe('erledigt')
    expect(second?.slice(1, 4)).toEqual([
      'App-Installation angefordert',
      'anna@example.com',
      'Helpdesk',
    ])
    // Apps by their names, as the screens name them: never by the service's id.
    expect(second?.[6]).toBe('App: Secure Mail')
    expect(second?.[7]).toBe('an das Gerät gesendet')
  })

  it('says how long after sending the device was seen done, as the screens do, in either language', () => {
    const done = { ...row('lock', 'done'), done_at: new Date(at.getTime() + 15_000) }
    expect(cells([done], 'en')[1]?.[7]).toBe('done: seen 15 sec after sending')
    expect(cells([done], 'de')[1]?.[7]).toBe('erledigt: 15 Sek. nach dem Senden gesehen')
    const later = { ...done, done_at: new Date(at.getTime() + 3 * 3600_000) }
    expect(cells([later], 'de')[1]?.[7]).toBe('erledigt: 3 Std. nach dem Senden gesehen')
  })

  it('says the portal located a device it located by itself, not the account it went with', () => {
    // Spec, Devices rule 3: "While lost mode is on, … the location retrieved." The portal asks
    // for it once lost mode comes on; nobody pressed Locate, though it went in Anna's session.
    const automatic = { ...row('locate'), details: { automaticAfter: 'lostModeOn' } }
    const [, en] = cells([automatic], 'en')
    expect(en?.slice(1, 4)).toEqual(['Locate', 'anna@example.com', 'The portal, automatically'])
    expect(en?.[6]).toBe('Sent by the portal itself after: Lost mode on')
    const [, de, pressed] = cells([automatic, row('locate')], 'de')
    expect(de?.slice(1, 4)).toEqual(['Orten', 'anna@example.com', 'Das Portal, automatisch'])
    expect(de?.[6]).toBe('Vom Portal selbst gesendet nach: Modus „Verloren“ aktivieren')
    // One Anna asked for is hers.
    expect(pressed?.slice(1, 4)).toEqual(['Orten', 'anna@example.com', 'Benutzer des Geräts'])
  })

  it('tells a refusal by the portal for the sender’s role from one by the service', () => {
    const refused = { ...row('wipe', 'refused'), answer_code: PORTAL_ERROR_CODES.roleForbidden }
    const [, first, second] = cells([refused, row('wipe', 'refused')], 'en')
    expect(first?.[7]).toBe(enRecords.outcome.refusedRole)
    expect(second?.[7]).toBe('refused by the service')
  })

  it('says why the service refused an app request, and names an app it no longer has as such', () => {
    const refused = (code: string) => ({
      ...row('appInstall', 'refused'),
      actor: 'helpdesk' as const,
      details: { id: 'AU30' },
      answer_code: code,
    })
    const [, notAssigned, notCompatible] = cells(
      [refused('02200020'), refused('02200021')],
      'en',
      new Map([['AU30', 'Visitor Check-in']]),
    )
    expect(notAssigned?.[1]).toBe('App installation request')
    expect(notAssigned?.[6]).toBe('App: Visitor Check-in')
    expect(notAssigned?.[7]).toBe('refused by the service: not assigned to this user')
    expect(notCompatible?.[7]).toBe('refused by the service: not compatible with this device')
    const [, gone] = cells([refused('02200020')], 'en')
    expect(gone?.[6]).toBe('An app your company no longer offers')
    expect(gone?.join()).not.toContain('AU30')
  })

  it('says of a change to a user without its answer that it waits for the service, then none came', () => {
    const change = (action: string, sentAt: Date) => ({
      ...row(action, 'sent'),
      at: sentAt,
      account: 'admin@example.com',
      actor: 'helpdesk' as const,
      client_id: '',
      details: { sid: 'S-1' },
      answer_status: 0,
      answer_code: null,
    })
    const now = new Date()
    const rows = [
      change('userDelete', now),
      change('userInvite', new Date(now.getTime() - CHANGE_WAIT_MS - 1_000)),
    ]
    const [, waiting, lost] = cells(rows, 'en')
    expect(waiting?.[7]).toBe('sent, waiting for the service’s answer')
    expect(lost?.[7]).toBe('no answer from the service: not known whether it was done')
    const [, wartend, verloren] = cells(rows, 'de')
    expect(wartend?.[7]).toBe('gesendet, wartet auf die Antwort des Dienstes')
    expect(verloren?.[7]).toBe('keine Antwort vom Dienst: unbekannt, ob es ausgeführt wurde')
  })

  it('says of a device’s command without the service’s answer that none came, not that it was refused', () => {
    const lost = (code: string) => ({
      ...row('lock', 'sent'),
      answer_status: 504,
      answer_code: code,
    })
    const rows = [
      lost(PORTAL_ERROR_CODES.serviceTimeout),
      lost(PORTAL_ERROR_CODES.serviceUnavailable),
      lost(PORTAL_ERROR_CODES.serviceFailed),
    ]
    const [, late, unreachable, failed] = cells(rows, 'en')
    expect(late?.[7]).toBe('no answer from the service: not known whether it was done')
    expect(unreachable?.[7]).toBe('no answer from the service: not known whether it was done')
    expect(failed?.[7]).toBe('no answer from the service: not known whether it was done')
    // The portal’s code says which: the service was late, or could not be reached.
    expect(late?.[9]).toBe(PORTAL_ERROR_CODES.serviceTimeout)
    const [, spaet] = cells(rows, 'de')
    expect(spaet?.[7]).toBe('keine Antwort vom Dienst: unbekannt, ob es ausgeführt wurde')
  })

  it('says of a device’s command whose answer was never recorded that none came, once past the wait', () => {
    const command = (action: string, sentAt: Date, answerStatus = 0) => ({
      ...row(action, 'sent'),
      at: sentAt,
      answer_status: answerStatus,
    })
    const now = new Date()
    const before = new Date(now.getTime() - CHANGE_WAIT_MS - 1_000)
    const rows = [
      command('lock', now),
      command('lock', before),
      command('appInstall', before),
      // The service took it: the device is awaited, as before.
      command('wipe', before, 200),
    ]
    const [, waiting, lost, lostInstall, taken] = cells(rows, 'en')
    expect(waiting?.[7]).toBe('sent, waiting for the device')
    expect(lost?.[7]).toBe('no answer from the service: not known whether it was done')
    expect(lostInstall?.[7]).toBe('no answer from the service: not known whether it was done')
    expect(taken?.[7]).toBe('sent, waiting for the device')
    // No code: the portal answered nothing in the service's stead.
    expect(lost?.[9]).toBe('')
    const [, , verloren] = cells(rows, 'de')
    expect(verloren?.[7]).toBe('keine Antwort vom Dienst: unbekannt, ob es ausgeführt wurde')
  })

  it('names whom a refused invitation or deletion asked for, and why the service refused it', () => {
    const refused = (action: string, details: Record<string, string>, code: string) => ({
      ...row(action, 'refused'),
      account: 'admin@example.com',
      actor: 'helpdesk' as const,
      client_id: '',
      details,
      answer_code: code,
    })
    const rows = [
      refused(
        'userInvite',
        { email: 'anna@example.com', firstname: 'Anna', lastname: 'Again' },
        '03100012',
      ),
      refused('userDelete', { sid: 'no-such-user' }, '03100011'),
    ]
    const [, invite, deletion] = cells(rows, 'en')
    expect([invite?.[1], invite?.[2], invite?.[3], invite?.[4], invite?.[5]]).toEqual([
      'User invitation',
      'admin@example.com',
      'The help desk',
      '',
      '',
    ])
    expect(invite?.slice(6)).toEqual([
      'E-mail: anna@example.com; Name: Anna Again',
      'refused by the service: a user with this e-mail address already exists',
      '',
      '03100012',
      // A refused invitation was filed under nobody.
      '',
      '',
      '',
    ])
    expect(deletion?.[6]).toBe('User ID: no-such-user')
    expect(deletion?.[7]).toBe('refused by the service: no such user')
    const [, einladung, loeschung] = cells(rows, 'de')
    expect(einladung?.[1]).toBe('Benutzereinladung')
    expect(einladung?.[6]).toBe('E-Mail: anna@example.com; Name: Anna Again')
    expect(einladung?.[7]).toBe(
      'vom Dienst abgelehnt: ein Benutzer mit dieser E-Mail-Adresse existiert bereits',
    )
    expect(loeschung?.[6]).toBe('Benutzer-ID: no-such-user')
    expect(loeschung?.[7]).toBe('vom Dienst abgelehnt: kein solcher Benutzer')
  })
})
