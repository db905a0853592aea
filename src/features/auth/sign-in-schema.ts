// zod/mini: this form is on the first page anyone sees, where every kilobyte counts.
import { z } from 'zod/mini'

/** The messages of the sign-in form: keys of the `auth` namespace, translated at render time. */
export const SIGN_IN_MESSAGES = [
  'login.errors.emailRequired',
  'login.errors.emailInvalid',
  'login.errors.passwordRequired',
] as const
type Message = (typeof SIGN_IN_MESSAGES)[number]
const message = (key: Message) => ({ message: key })

export const SIGN_IN_FIELDS = ['email', 'password'] as const

export const signInSchema = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.minLength(1, message('login.errors.emailRequired'))),
    z.email(message('login.errors.emailInvalid')),
  ),
  // A password is sent exactly as typed: spaces may be part of it.
  password: z.string().check(z.minLength(1, message('login.errors.passwordRequired'))),
})

export type SignInValues = z.input<typeof signInSchema>
