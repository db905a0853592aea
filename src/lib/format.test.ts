import { afterEach, describe, expect, it } from 'vitest'
import { formatDateTime } from './format'
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
