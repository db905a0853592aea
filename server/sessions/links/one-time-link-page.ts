import type { FastifyRequest } from 'fastify'
import { escapeHtml } from '../../shared/html.ts'
import { pageLanguage, plainPage } from '../../pages/plain-page.ts'

/** What the device's browser shows when a one-time link cannot give it the page or file. */
const TEXTS = {
  en: {
    gone: {
      title: 'This link has expired',
      body: 'For your security, an enrollment link works once and only for a few minutes. Go back to the portal and open it again.',
    },
    failed: {
      title: 'The enrollment page could not be opened',
      body: 'The device management service refused the request. Go back to the portal and try again.',
    },
    preview: {
      title: 'Enrollment link',
      body: 'Open this link in the browser of the device you are enrolling. It works once and only for a few minutes.',
    },
    back: 'Back to the portal',
  },
  de: {
    gone: {
      title: 'Dieser Link ist abgelaufen',
      body: 'Zu Ihrer Sicherheit funktioniert ein Registrierungslink nur einmal und nur wenige Minuten lang. Gehen Sie zurück zum Portal und öffnen Sie ihn erneut.',
    },
    failed: {
      title: 'Die Registrierungsseite konnte nicht geöffnet werden',
      body: 'Der Dienst für die Geräteverwaltung hat die Anfrage abgelehnt. Gehen Sie zurück zum Portal und versuchen Sie es erneut.',
    },
    preview: {
      title: 'Registrierungslink',
      body: 'Öffnen Sie diesen Link im Browser des Geräts, das Sie registrieren. Er funktioniert nur einmal und nur wenige Minuten lang.',
    },
    back: 'Zurück zum Portal',
  },
} as const

/** The portal's own word about a link, as a short page in the portal's frame like its others. */
export function linkPage(
  request: FastifyRequest,
  kind: 'gone' | 'failed' | 'preview',
  serviceMessage: string | null,
): string {
  const lang = pageLanguage(request)
  const texts = TEXTS[lang]
  const { title, body } = texts[kind]
  return plainPage(
    request.server,
    lang,
    title,
    [
      `<p>${escapeHtml(body)}</p>`,
      serviceMessage ? `<p>${escapeHtml(serviceMessage)}</p>` : '',
      `<p><a href="/enroll">${escapeHtml(texts.back)}</a></p>`,
    ].join('\n'),
  )
}
