import type { TFunction } from 'i18next'
import { describe, expect, test } from 'vitest'
import { PORTAL_ERROR_CODES } from '../../../contract/error-codes'
import { ApiError } from './api-error'
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
