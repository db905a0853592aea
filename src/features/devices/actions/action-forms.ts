// zod/mini, like the API schemas: classic zod would double the size of the device page.
import { z } from '@contract/zod'
import { MAC_PIN } from '@contract/commands'
import type { Platform } from '@contract/platform'
import { shownText } from './shown-text'

/**
 * One schema per action form. Each takes what the user typed (strings) and gives the body of
 * the request; its messages are keys of the devices namespace, translated at render time.
 */

export const FORM_MESSAGES = [
  'form.errors.pin',
  'form.errors.pinMismatch',
  'form.errors.phone',
  'form.errors.contactRequired',
  'form.errors.passcodeRequired',
  'form.errors.passcodeShort',
  'form.errors.nameRequired',
  'form.errors.nameMismatch',
  'form.errors.textTooLong',
  'form.errors.phoneTooLong',
  'form.errors.passcodeTooLong',
  'form.errors.passcodeBlank',
  'form.errors.passcodeCharacters',
] as const

export const LIMITS = { text: 200, phone: 40, passcode: 64, passcodeMin: 4 } as const

const text = z
  .string()
  .check(z.overwrite(shownText), z.maxLength(LIMITS.text, 'form.errors.textTooLong'))
const pin = z.string().check(z.trim(), z.regex(MAC_PIN, 'form.errors.pin'))
/**
 * A number a finder can dial: digits with an optional leading +, grouped by spaces, dashes, dots,
 * slashes or parentheses (no two marks in a row), and 5 to 15 digits, as in E.164 with the
 * shortest local numbers. "1.2.3" or "+-" are not numbers anybody can call.
 */
function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, '').length
  return (
    /^\+?\(?\d[\d\s()./-]*$/.test(value) &&
    /\d\)?$/.test(value) &&
    !/[./-]\s*[./-]/.test(value) &&
    digits >= 5 &&
    digits <= 15
  )
}

const phone = z.string().check(
  z.overwrite(shownText),
  z.maxLength(LIMITS.phone, 'form.errors.phoneTooLong'),
  z.refine((value: string) => value === '' || isPhoneNumber(value), 'form.errors.phone'),
)
/**
 * What is typed is what the device will ask for: spaces count, nothing is trimmed. Android takes
 * printable ASCII alone in a lock-screen password (letters A–Z, digits, the space and the
 * keyboard's symbols); a passcode of other characters, or of spaces alone, could lock the phone
 * with a code its owner cannot type on it.
 */
const passcode = z.string().check(
  z.minLength(1, 'form.errors.passcodeRequired'),
  z.refine((value: string) => value === '' || value.trim() !== '', 'form.errors.passcodeBlank'),
  z.regex(/^[\x20-\x7E]*$/, 'form.errors.passcodeCharacters'),
  z.minLength(LIMITS.passcodeMin, 'form.errors.passcodeShort'),
  z.maxLength(LIMITS.passcode, 'form.errors.passcodeTooLong'),
)

const given = (value: string) => (value === '' ? undefined : value)

/** The PIN cannot be shown later, so it is typed twice; a typo would lock the Mac for good. */
function pinsMatch(values: { macpin: string; macpinRepeat: string }) {
  return values.macpin.trim() === values.macpinRepeat.trim()
}
// A new object each time: zod writes into an issue's path.
const pinMismatch = () => ({ path: ['macpinRepeat'], message: 'form.errors.pinMismatch' })

export const LOCK_FIELDS = ['message', 'phonenumber', 'macpin', 'macpinRepeat'] as const

/** iOS shows a message and a number on the lock screen; a Mac is locked with a 6-digit PIN. */
export function lockSchema(platform: Platform | null) {
  const fields = z
    .object({
      message: text,
      phonenumber: phone,
      macpin: platform === 'macos' ? pin : z.string(),
      macpinRepeat: z.string(),
    })
    .check(z.refine((values) => platform !== 'macos' || pinsMatch(values), pinMismatch()))
  return z.pipe(
    fields,
    z.transform((values: z.output<typeof fields>) => {
      if (platform === 'macos') return { macpin: values.macpin }
      if (platform === 'ios') {
        return { message: given(values.message), phonenumber: given(values.phonenumber) }
      }
      return {}
    }),
  )
}

export const LOST_MODE_FIELDS = ['message', 'phonenumber', 'footnote', 'password'] as const

/** A finder needs a message or a number (or both); Android also needs the new passcode. */
export function lostModeSchema(platform: Platform | null) {
  const fields = z
    .object({
      message: text,
      phonenumber: phone,
      footnote: text,
      password: platform === 'android' ? passcode : z.string(),
    })
    .check(
      z.superRefine((values, context) => {
        if (values.message === '' && values.phonenumber === '') {
          context.addIssue({
            code: 'custom',
            path: ['message'],
            message: 'form.errors.contactRequired',
          })
        }
      }),
    )
  return z.pipe(
    fields,
    z.transform((values: z.output<typeof fields>) => ({
      message: given(values.message),
      phonenumber: given(values.phonenumber),
      footnote: given(values.footnote),
      password: platform === 'android' ? values.password : undefined,
    })),
  )
}

export const PASSCODE_FIELDS = ['password'] as const

/** Android gets the new passcode; Apple devices have theirs cleared (Device rule 6). */
export function passcodeSchema(platform: Platform | null) {
  const fields = z.object({ password: platform === 'android' ? passcode : z.string() })
  return z.pipe(
    fields,
    z.transform((values: z.output<typeof fields>) =>
      platform === 'android' ? { password: values.password } : {},
    ),
  )
}

export const WIPE_FIELDS = ['mode', 'macpin', 'macpinRepeat', 'confirmName'] as const

/** Typing on a phone often turns ' into ’; the name still counts as typed correctly. */
function normalizeName(value: string): string {
  return value.trim().replace(/[\u2018\u2019\u02bc]/g, "'")
}

/**
 * A wipe is confirmed by typing the device's name exactly (case-sensitive); a Mac's full wipe
 * also needs the 6-digit PIN that unlocks it afterwards.
 */
export function wipeSchema(platform: Platform | null, name: string) {
  const fields = z
    .object({
      mode: z.enum(['full', 'partial']),
      macpin: z.string(),
      macpinRepeat: z.string(),
      confirmName: z.string(),
    })
    .check(
      z.superRefine((values, context) => {
        if (values.mode === 'full' && platform === 'macos') {
          if (!MAC_PIN.test(values.macpin.trim())) {
            context.addIssue({ code: 'custom', path: ['macpin'], message: 'form.errors.pin' })
          } else if (!pinsMatch(values)) {
            context.addIssue({ code: 'custom', ...pinMismatch() })
          }
        }
        const typed = normalizeName(values.confirmName)
        if (typed !== normalizeName(name)) {
          const message = typed === '' ? 'form.errors.nameRequired' : 'form.errors.nameMismatch'
          context.addIssue({ code: 'custom', path: ['confirmName'], message })
        }
      }),
    )
  return z.pipe(
    fields,
    z.transform((values: z.output<typeof fields>) => {
      if (values.mode === 'partial') return { partial: true }
      return platform === 'macos' ? { macpin: values.macpin.trim() } : {}
    }),
  )
}
