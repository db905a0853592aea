// zod/mini: the forgot and reset pages are often a visitor's first page; it keeps them small.
import { z } from '@contract/zod'
import { meetsPasswordRules, PASSWORD_MAX_LENGTH } from './password-rules'

/** Messages of the password forms: keys of the `password` namespace, translated at render time. */
export const PASSWORD_MESSAGES = [
  'errors.emailRequired',
  'errors.emailInvalid',
  'errors.oldRequired',
  'errors.newRequired',
  'errors.rules',
  'errors.confirmRequired',
  'errors.mismatch',
  'errors.sameAsOld',
  'errors.tooLong',
] as const
export type PasswordMessage = (typeof PASSWORD_MESSAGES)[number]
const message = (key: PasswordMessage) => ({ message: key })

export const forgotPasswordSchema = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.minLength(1, message('errors.emailRequired'))),
    z.email(message('errors.emailInvalid')),
  ),
})
export const FORGOT_FIELDS = ['email'] as const

const newPasswordShape = {
  newpassword: z
    .string()
    .check(
      z.minLength(1, message('errors.newRequired')),
      z.maxLength(PASSWORD_MAX_LENGTH, message('errors.tooLong')),
      z.refine(meetsPasswordRules, message('errors.rules')),
    ),
  confirmnewpassword: z.string().check(z.minLength(1, message('errors.confirmRequired'))),
}

function passwordsMatch(values: { newpassword: string; confirmnewpassword: string }) {
  return values.confirmnewpassword === '' || values.newpassword === values.confirmnewpassword
}
const mismatch = { path: ['confirmnewpassword'], ...message('errors.mismatch') }

export const newPasswordSchema = z
  .object(newPasswordShape)
  .check(z.refine(passwordsMatch, mismatch))
export const NEW_PASSWORD_FIELDS = ['newpassword', 'confirmnewpassword'] as const
export type NewPasswordValues = z.input<typeof newPasswordSchema>

export const changePasswordSchema = z
  .object({
    oldpassword: z.string().check(z.minLength(1, message('errors.oldRequired'))),
    ...newPasswordShape,
  })
  .check(
    z.refine(passwordsMatch, mismatch),
    // A "new" password that is the current one changes nothing: said before anything is sent.
    z.refine((values) => values.oldpassword === '' || values.newpassword !== values.oldpassword, {
      path: ['newpassword'],
      ...message('errors.sameAsOld'),
    }),
  )
export const CHANGE_FIELDS = ['oldpassword', ...NEW_PASSWORD_FIELDS] as const
export type ChangePasswordValues = z.input<typeof changePasswordSchema>
