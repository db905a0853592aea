import { z } from '@contract/zod'
import { SIGN_IN_MESSAGES, type SignInValues } from './sign-in-fields'

type Message = (typeof SIGN_IN_MESSAGES)[number]
const message = (key: Message) => ({ message: key })

export const signInSchema = z.object({
  email: z.pipe(
    z.string().check(z.trim(), z.minLength(1, message('login.errors.emailRequired'))),
    z.email(message('login.errors.emailInvalid')),
  ),
  // A password is sent exactly as typed: spaces may be part of it.
  password: z.string().check(z.minLength(1, message('login.errors.passwordRequired'))),
}) satisfies z.ZodMiniType<SignInValues, SignInValues>
