import type { Lang } from './language.ts'
import type { MailKind } from '../model/records.ts'

/** The e-mails the service sends, in both languages (the recipient's emailculture decides). */
interface MailText {
  subject: string
  body: (name: string, link: string) => string
}

export const MAIL_TEXTS: Record<Lang, Record<MailKind, MailText>> = {
  en: {
    invitation: {
      subject: 'Your account for the device portal',
      body: (name, link) =>
        `Hello ${name},\n\nan administrator has created an account for you in the device portal. ` +
        `Set your password with this link (valid for 7 days):\n\n${link}\n\n` +
        'Afterwards you can enroll your devices and install apps.',
    },
    reset: {
      subject: 'Reset your password',
      body: (name, link) =>
        `Hello ${name},\n\nsomeone asked to reset the password of your account. If it was you, ` +
        `choose a new password with this link (valid for 24 hours):\n\n${link}\n\n` +
        'If it was not you, ignore this e-mail; your password stays unchanged.',
    },
    passwordChanged: {
      subject: 'Your password was changed',
      body: (name, link) =>
        `Hello ${name},\n\nthe password of your account was just changed. ` +
        `If it was not you, reset your password at once in the device portal:\n\n${link}`,
    },
    enrollment: {
      subject: 'Enroll your device',
      body: (name, link) =>
        `Hello ${name},\n\nyour account is ready. To have a device managed, ` +
        `open this page on the device and follow the steps:\n\n${link}`,
    },
  },
  de: {
    invitation: {
      subject: 'Ihr Konto für das Geräteportal',
      body: (name, link) =>
        `Hallo ${name},\n\nein Administrator hat für Sie ein Konto im Geräteportal angelegt. ` +
        `Legen Sie Ihr Passwort über diesen Link fest (7 Tage gültig):\n\n${link}\n\n` +
        'Danach können Sie Ihre Geräte registrieren und Apps installieren.',
    },
    reset: {
      subject: 'Passwort zurücksetzen',
      body: (name, link) =>
        `Hallo ${name},\n\njemand möchte das Passwort Ihres Kontos zurücksetzen. Wenn Sie das waren, ` +
        `wählen Sie über diesen Link ein neues Passwort (24 Stunden gültig):\n\n${link}\n\n` +
        'Wenn nicht, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.',
    },
    passwordChanged: {
      subject: 'Ihr Passwort wurde geändert',
      body: (name, link) =>
        `Hallo ${name},\n\ndas Passwort Ihres Kontos wurde soeben geändert. ` +
        `Wenn Sie das nicht waren, setzen Sie Ihr Passwort sofort im Geräteportal zurück:\n\n${link}`,
    },
    enrollment: {
      subject: 'Gerät registrieren',
      body: (name, link) =>
        `Hallo ${name},\n\nIhr Konto ist bereit. Um ein Gerät verwalten zu lassen, ` +
        `öffnen Sie diese Seite auf dem Gerät und folgen Sie den Schritten:\n\n${link}`,
    },
  },
}
