import { describe, expect, it } from 'vitest'
import { fieldErrors } from '@/lib/form'
import { SIGN_IN_FIELDS, SIGN_IN_MESSAGES } from './sign-in-fields'
import { signInSchema } from './sign-in-schema'

function errorsOf(values: { email: string; password: string }) {
  const result = signInSchema.safeParse(values)
  return result.success ? {} : fieldErrors(result.error, SIGN_IN_FIELDS, SIGN_IN_MESSAGES)
}

describe('sign-in form', () => {
  it('asks for both fields', () => {
    expect(errorsOf({ email: ' ', password: '' })).toEqual({
      email: 'login.errors.emailRequired',
      password: 'login.errors.passwordRequired',
    })
  })

  it('wants an e-mail address', () => {
    expect(errorsOf({ email: 'anna', password: 'x' })).toEqual({
      email: 'login.errors.emailInvalid',
    })
  })

  it('trims the address but sends the password exactly as typed', () => {
    expect(signInSchema.parse({ email: ' anna@example.com ', password: ' pw ' })).toEqual({
      email: 'anna@example.com',
      password: ' pw ',
    })
  })
})
