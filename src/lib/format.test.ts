import { afterEach, describe, expect, it } from 'vitest'
import { formatAgo, formatDateTime, formatMinutesSeconds, formatRelative } from './format'
import { changeLanguage } from './i18n'

describe('formatDateTime', () => {
  afterEach(() => changeLanguage('en'))

  it('writes a date as the current language does, after a change of language too', async () => {
    const date = new Date(2026, 10, 24, 15, 5)
    const expected = (language: string) =>
      new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date)
    await changeLanguage('en')
    expect(formatDateTime(date)).toBe(expected('en'))
    await changeLanguage('de')
    expect(formatDateTime(date)).toBe(expected('de'))
    expect(formatDateTime(date)).not.toBe(expected('en'))
  })
})

describe('formatMinutesSeconds', () => {
  afterEach(() => changeLanguage('en'))

  it('names minutes and seconds in both languages, each only when it is not zero', async () => {
    await changeLanguage('en')
    expect(formatMinutesSeconds({ minutes: 1, seconds: 5 })).toBe('1 minute and 5 seconds')
    expect(formatMinutesSeconds({ minutes: 2, seconds: 0 })).toBe('2 minutes')
    expect(formatMinutesSeconds({ minutes: 0, seconds: 1 })).toBe('1 second')
    expect(formatMinutesSeconds({ minutes: 0, seconds: 0 })).toBe('0 seconds')
    await changeLanguage('de')
    expect(formatMinutesSeconds({ minutes: 1, seconds: 5 })).toBe('1 Minute und 5 Sekunden')
    expect(formatMinutesSeconds({ minutes: 5, seconds: 0 })).toBe('5 Minuten')
  })
})

describe('formatRelative', () => {
  afterEach(() => changeLanguage('en'))

  it('says "just now" for a moment ago, which reads in a sentence ("sent just now", "was in touch just now")', async () => {
    const at = new Date(2026, 10, 24, 15, 5)
    await changeLanguage('en')
    expect(formatRelative(at, at.getTime())).toBe('just now')
    expect(formatAgo(at, at.getTime() + 400)).toBe('just now')
    expect(formatRelative(at, at.getTime() + 9000)).toBe('9 seconds ago')
    await changeLanguage('de')
    expect(formatRelative(at, at.getTime())).toBe('gerade eben')
    expect(formatRelative(at, at.getTime() + 9000)).toBe('vor 9 Sekunden')
  })
})
