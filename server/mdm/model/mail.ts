import { issueResetToken } from './accounts.ts'
import { languageOfCulture } from '../texts/language.ts'
import { MAIL_TEXTS } from '../texts/mail-texts.ts'
import type { Account, AdminRecord, MailKind, UserRecord } from './records.ts'
import { now, type World } from './world.ts'

/** E-mails are not sent anywhere: they land in the world's outbox (GET /outbox). */

const DAY = 86_400_000
const RESET_TOKEN_VALID_MS = DAY
const INVITATION_VALID_MS = 7 * DAY

function portalLink(world: World, path: string, query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString()
  return `${world.portalUrl.replace(/\/+$/, '')}${path}${search ? `?${search}` : ''}`
}

function sendMail(world: World, account: Account, kind: MailKind, link: string): void {
  const language = languageOfCulture(account.emailculture)
  const text = MAIL_TEXTS[language][kind]
  world.outbox.push({
    id: world.nextMailId++,
    kind,
    to: account.email,
    language,
    subject: text.subject,
    text: text.body(account.displayname || account.email, link),
    links: [link],
    sentAt: now(world),
  })
}

/** The onboarding e-mail: its link sets the first password (resetpassword with join). */
export function sendInvitation(world: World, user: UserRecord): void {
  const token = issueResetToken(world, user, INVITATION_VALID_MS)
  // The address rides along, so the sign-in form that follows is filled in already.
  const link = portalLink(world, '/reset-password', { token, join: '1', email: user.email })
  sendMail(world, user, 'invitation', link)
}

export function sendResetLink(world: World, account: UserRecord | AdminRecord): void {
  const token = issueResetToken(world, account, RESET_TOKEN_VALID_MS)
  const link = portalLink(world, '/reset-password', { token, email: account.email })
  sendMail(world, account, 'reset', link)
}

export function sendPasswordChanged(world: World, account: Account): void {
  sendMail(world, account, 'passwordChanged', portalLink(world, '/'))
}

export function sendEnrollmentInstructions(world: World, account: Account): void {
  sendMail(world, account, 'enrollment', portalLink(world, '/enroll'))
}
