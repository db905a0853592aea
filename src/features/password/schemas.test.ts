import { describe, expect, it } from 'vitest'
import { fieldErrors } from '@/lib/form'
import { checkPasswordRules, meetsPasswordRules } from './password-rules'
import {
  CHANGE_FIELDS,
  changePasswordSchema,
  NEW_PASSWORD_FIELDS,
  newPasswordSchema,
  PASSWORD_MESSAGES,
} from './schemas'

describe('password rules', () => {
  it('are the service rules: 8 characters, a letter, a digit', () => {
    expect(meetsPasswordRules('Demo-Pass-1')).toBe(true)
    expect(meetsPasswordRules('abcdefg1')).toBe(true)
    expect(meetsPasswordRules('Grüße2024')).toBe(true)
    expect(meetsPasswordRules('abc1')).toBe(false)
    expect(meetsPasswordRules('abcdefgh')).toBe(false)
    expect(meetsPasswordRules('12345678')).toBe(false)
  })

  it('tick off one by one while typing', () => {
    expect(checkPasswordRules('')).toEqual({ length: false, letter: false, digit: false })
    expect(checkPasswordRules('a1')).toEqual({ length: false, letter: true, digit: true })
    expect(checkPasswordRules('longpassword')).toEqual({ length: true, letter: true, digit: false })
  })
})

describe('new password form', () => {
  function errorsOf(values: { newpassword: string; confirmnewpassword: string }) {
    const result = newPasswordSchema.safeParse(values)
    return result.success ? {} : fieldErrors(result.error, NEW_PASSWORD_FIELDS, PASSWORD_MESSAGES)
  }

  it('accepts a good password typed twice', () => {
    expect(errorsOf({ newpassword: 'New-Pass-9', confirmnewpassword: 'New-Pass-9' })).toEqual({})
  })

  it('asks for both fields', () => {
    expect(errorsOf({ newpassword: '', confirmnewpassword: '' })).toEqual({
      newpassword: 'errors.newRequired',
      confirmnewpassword: 'errors.confirmRequired',
    })
  })

  it('says at the field that a pasted password is too long, before the service would', () => {
    const long = `A1${'x'.repeat(5000)}`
    expect(errorsOf({ newpassword: long, confirmnewpassword: long })).toEqual({
      newpassword: 'errors.tooLong',
    })
    const longest = `A1${'x'.repeat(254)}`
    expect(errorsOf({ newpassword: longest, confirmnewpassword: longest })).toEqual({})
  })

  it('names the rules and a mismatch at the same time', () => {
    expect(errorsOf({ newpassword: 'short', confirmnewpassword: 'shorter' })).toEqual({
      newpassword: 'errors.rules',
      confirmnewpassword: 'errors.mismatch',
    })
  })
})

describe('change password form', () => {
  it('needs the current password', () => {
    const result = changePasswordSchema.safeParse({
      oldpassword: '',
      newpassword: 'New-Pass-9',
      confirmnewpassword: 'New-Pass-9',
    })
    expect(result.success).toBe(false)
    if (!result.success) {
      expect(fieldErrors(result.error, CHANGE_FIELDS, PASSWORD_MESSAGES)).toEqual({
        oldpassword: 'errors.oldRequired',
      })
    }
  })

  it('refuses the current password as the new one', () => {
    const result = changePasswordSchema.safeParse({
      oldpassword: 'Demo-Pass-1',
      newpassword: 'Demo-Pass-1',
      confirmnewpassword: 'Demo-Pass-1',
    })
    expect(result.success).toBe(false)
    if (!result.success) {
      expect(fieldErrors(result.error, CHANGE_FIELDS, PASSWORD_MESSAGES)).toEqual({
        newpassword: 'errors.sameAsOld',
      })
    }
  })
})
