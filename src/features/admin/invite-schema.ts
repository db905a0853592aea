import { z } from '@contract/zod'

export const INVITE_FIELDS = ['email', 'firstname', 'lastname'] as const
export const INVITE_MESSAGES = [
  'invite.errors.emailRequired',
  'invite.errors.emailInvalid',
  'invite.errors.tooLong',
] as const

type Message = (typeof INVITE_MESSAGES)[number]
const message = (key: Message) => ({ message: key })
const name = z.string().check(z.trim(), z.maxLength(100, message('invite.errors.tooLong')))

export interface InviteValues {
  email: string
  firstname: string
  lastname: string
  emailculture: 'de-DE' | 'en-US'
  sendemail: boolean
}

/** The invitation form (spec: user/create; emailculture de-DE or en-US, sendemail a boolean). */
export const inviteSchema = z.object({
  email: z.pipe(
    z
      .string()
      .check(
        z.trim(),
        z.minLength(1, message('invite.errors.emailRequired')),
        z.maxLength(254, message('invite.errors.emailInvalid')),
      ),
    z.email(message('invite.errors.emailInvalid')),
  ),
  firstname: name,
  lastname: name,
  emailculture: z.enum(['de-DE', 'en-US']),
  sendemail: z.boolean(),
})
