import { cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PORTAL_ERROR_CODES } from '@contract/error-codes'
import { changeLanguage } from '@/lib/i18n'
import { activityRecord } from '@/test/activity'
import { useActionText, useOutcomeText } from './activity-line'

const at = new Date(Date.UTC(2026, 10, 30, 9))

/**
 * The line's outcome in the language of the moment. The hook leaves the page at once, so that a
 * change of language later in the test draws nothing outside React's view.
 */
function outcomeOf(record: Parameters<ReturnType<typeof useOutcomeText>>[0]) {
  const { result, unmount } = renderHook(() => useOutcomeText())
  const text = result.current(record)
  unmount()
  return text
}

/** The line's "who did what", as the device's history and the help desk's activity say it. */
function actionOf(record: Parameters<ReturnType<typeof useActionText>>[0], showAccount = false) {
  const { result, unmount } = renderHook(() => useActionText())
  const text = result.current(record, showAccount)
  unmount()
  return text
}

afterEach(async () => {
  cleanup()
  await changeLanguage('en')
})

describe('how a device’s command without the service’s answer reads', () => {
  it('says no answer came from the service, not that the device has not answered', async () => {
    for (const code of [PORTAL_ERROR_CODES.serviceTimeout, PORTAL_ERROR_CODES.serviceUnavailable]) {
      const lost = activityRecord({
        action: 'lock',
        at,
        outcome: 'noAnswer',
        answerCode: code,
        answerLost: true,
      })
      expect(outcomeOf(lost)).toBe('no answer from the service: not known whether it was done')
    }
    // One the service took and the device has not answered in a day.
    expect(outcomeOf(activityRecord({ action: 'wipe', at, outcome: 'noAnswer' }))).toBe(
      'no answer yet',
    )
    await changeLanguage('de')
    const lost = activityRecord({
      action: 'lostModeOn',
      at,
      outcome: 'noAnswer',
      answerCode: PORTAL_ERROR_CODES.serviceTimeout,
      answerLost: true,
    })
    expect(outcomeOf(lost)).toBe('keine Antwort vom Dienst: unbekannt, ob es ausgeführt wurde')
  })

  it('says so of one whose answer the portal never recorded, which carries no code', async () => {
    // The portal stopped between sending and the answer, and the service's wait is long over.
    const unrecorded = activityRecord({ action: 'lock', at, outcome: 'noAnswer', answerLost: true })
    expect(outcomeOf(unrecorded)).toBe('no answer from the service: not known whether it was done')
    const install = activityRecord({
      action: 'appInstall',
      at,
      outcome: 'noAnswer',
      answerLost: true,
    })
    expect(outcomeOf(install)).toBe('no answer from the service: not known whether it was done')
    await changeLanguage('de')
    expect(outcomeOf(unrecorded)).toBe(
      'keine Antwort vom Dienst: unbekannt, ob es ausgeführt wurde',
    )
  })
})

describe('how a command the device was seen to do reads', () => {
  // In words, not abbreviations: a screen reader reads "15 sec" and "15 Sek." as they are
  // written. The CSV keeps its short units (server/sessions/records/activity-views.test.ts).
  it('says when it was seen done, the same in German as in English', async () => {
    const done = activityRecord({ action: 'lock', at, outcome: 'done', doneAfterMs: 15_000 })
    expect(outcomeOf(done)).toBe('done: seen 15 seconds after sending')
    await changeLanguage('de')
    expect(outcomeOf(done)).toBe('erledigt: 15 Sekunden nach dem Senden gesehen')
  })
})

describe('who a record says did it', () => {
  // Spec, Devices rule 3: "While lost mode is on, … the location retrieved." The portal asks for
  // it by itself once lost mode comes on (use-locate-when-lost.ts): nobody pressed Locate.
  const automatic = activityRecord({
    action: 'locate',
    at,
    details: { automaticAfter: 'lostModeOn' },
  })

  it('never says the user located a device the portal located by itself', async () => {
    expect(actionOf(automatic)).toBe('Located automatically when lost mode was turned on')
    // The help desk, who sees the account, is not told that account located it either.
    const anna = { ...automatic, byYou: false, account: 'anna@example.com' }
    expect(actionOf(anna, true)).not.toMatch(/^Located by/)
    await changeLanguage('de')
    expect(actionOf(automatic)).toBe(
      'Automatisch geortet, als der Modus „Verloren“ aktiviert wurde',
    )
  })

  it('names to the help desk the account that turned lost mode on, as other lines name theirs', async () => {
    // The portal's locate goes in the session that turned lost mode on (activity.ts,
    // followedDetails): that account is the one the line names.
    const anna = { ...automatic, byYou: false, account: 'anna@example.com' }
    expect(actionOf(anna, true)).toBe(
      'Located automatically after anna@example.com turned on lost mode',
    )
    expect(actionOf(automatic, true)).toBe('Located automatically after you turned on lost mode')
    const deleted = { ...automatic, byYou: false, account: null, accountDeleted: true }
    expect(actionOf(deleted, true)).toBe(
      'Located automatically after a deleted user turned on lost mode',
    )
    // The device's own user is told no address, as on the other lines of the device's history.
    expect(actionOf(anna)).toBe('Located automatically when lost mode was turned on')
    await changeLanguage('de')
    expect(actionOf(anna, true)).toBe(
      'Automatisch geortet, nachdem anna@example.com den Modus „Verloren“ aktiviert hatte',
    )
    expect(actionOf(automatic, true)).toBe(
      'Automatisch geortet, nachdem Sie den Modus „Verloren“ aktiviert hatten',
    )
    expect(actionOf(deleted, true)).toBe(
      'Automatisch geortet, nachdem ein gelöschter Benutzer den Modus „Verloren“ aktiviert hatte',
    )
  })

  it('says the user located it when they pressed Locate, and only then', async () => {
    expect(actionOf(activityRecord({ action: 'locate', at }))).toBe('Located by you')
    // A detail that names no command the portal follows by itself is a person's locate.
    const other = activityRecord({ action: 'locate', at, details: { automaticAfter: 'wipe' } })
    expect(actionOf(other)).toBe('Located by you')
    await changeLanguage('de')
    expect(actionOf(activityRecord({ action: 'locate', at }))).toBe('Von Ihnen geortet')
  })
})
