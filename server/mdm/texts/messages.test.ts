import { describe, expect, it } from 'vitest'
import { ERROR_CODES } from '../../../contract/error-codes.ts'
import { errorMessage } from './messages.ts'
import { MESSAGES_DE } from './messages-de.ts'
import { MESSAGES_EN } from './messages-en.ts'

const keys = (value: object): string[] =>
  Object.entries(value).flatMap(([key, inner]) =>
    typeof inner === 'object' && inner !== null ? keys(inner).map((k) => `${key}.${k}`) : [key],
  )

describe('the error catalog', () => {
  it('has unique eight-digit codes grouped by area, including the two real ones', () => {
    const codes = Object.values(ERROR_CODES)
    expect(new Set(codes).size).toBe(codes.length)
    for (const code of codes) expect(code).toMatch(/^(010|021|022|031)\d{5}$/)
    expect(ERROR_CODES.appNotCompatible).toBe('02200021')
    expect(ERROR_CODES.invalidResetToken).toBe('03100004')
  })

  it('has an English and a German message for every code, and the same keys in both', () => {
    expect(keys(MESSAGES_DE).sort()).toEqual(keys(MESSAGES_EN).sort())
    expect(Object.keys(MESSAGES_EN.codes).sort()).toEqual(Object.keys(ERROR_CODES).sort())
    const german = new Map(Object.entries(MESSAGES_DE.codes))
    for (const [code, english] of Object.entries(MESSAGES_EN.codes)) {
      expect(german.get(code), code).not.toBe(english)
    }
  })

  it('fills in the values a message names', () => {
    expect(
      errorMessage('en', 'invalidField', {
        field: 'mdmtype',
        reason: 'oneOf',
        values: 'apple, android',
      }),
    ).toBe('The field "mdmtype" must be one of: apple, android.')
    expect(errorMessage('de', 'actionNotAvailable', { action: 'wipefull' })).toBe(
      'Die Aktion „wipefull“ ist auf diesem Gerät nicht verfügbar.',
    )
  })
})
