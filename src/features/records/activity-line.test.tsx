import { cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PORTAL_ERROR_CODES } from '@contract/error-codes'
import { changeLanguage } from '@/lib/i18n'
import { activityRecord } from '@/test/activity'
import { useOutcomeText } from './activity-line'

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
