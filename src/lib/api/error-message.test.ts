import type { TFunction } from 'i18next'
import { afterEach, describe, expect, test } from 'vitest'
import { PORTAL_ERROR_CODES } from '@contract/error-codes'
import { ApiError } from './api-error'
import { changeLanguage, i18n } from '@/lib/i18n'
import { errorMessage } from './error-message'

const t = ((key: string) => `text:${key}`) as unknown as TFunction<'errors'>

describe('the text of a 429', () => {
  test("is the portal server's, which says which limit was hit", () => {
    const error = new ApiError('rateLimited', {
      status: 429,
      code: PORTAL_ERROR_CODES.tooManyRequests,
      serverMessage: 'Too many sign-in attempts for this account. Try again in a minute.',
    })
    expect(errorMessage(t, error)).toBe(
      'Too many sign-in attempts for this account. Try again in a minute.',
    )
  })

  test('is our own for a limit in front of the service that sent no envelope', () => {
    expect(errorMessage(t, new ApiError('rateLimited', { status: 429 }))).toBe(
      'text:kind.rateLimited',
    )
  })
})

describe('the text of a refusal for the help desk role', () => {
  test("is the portal server's, which names the role and what it cannot do", () => {
    const error = new ApiError('forbidden', {
      status: 403,
      code: PORTAL_ERROR_CODES.roleForbidden,
      serverMessage: 'Your role, help desk, cannot wipe devices. Ask an administrator.',
    })
    expect(errorMessage(t, error)).toBe(
      'Your role, help desk, cannot wipe devices. Ask an administrator.',
    )
    const unnamed = new ApiError('forbidden', {
      status: 403,
      code: PORTAL_ERROR_CODES.noHelpdeskRole,
      serverMessage: 'This administrator account has no role in the help desk of this portal.',
    })
    expect(errorMessage(t, unnamed)).toBe(
      'This administrator account has no role in the help desk of this portal.',
    )
  })

  test('is our own for a 403 of the service', () => {
    expect(errorMessage(t, new ApiError('forbidden', { status: 403, serverMessage: 'Nope' }))).toBe(
      'text:kind.forbidden',
    )
  })
})

describe('the text of a gateway in front of the service', () => {
  afterEach(() => changeLanguage('en'))

  test.each([
    ['en', 'The service is not available at the moment. Please try again in a few minutes.'],
    [
      'de',
      'Der Dienst ist gerade nicht verfügbar. Bitte versuchen Sie es in einigen Minuten erneut.',
    ],
  ] as const)('says in %s that the service is not available now', async (language, text) => {
    await changeLanguage(language)
    const error = new ApiError('unavailable', { status: 503 })
    expect(errorMessage(i18n.getFixedT(language, 'errors'), error)).toBe(text)
  })
})
