import type { FastifyRequest } from 'fastify'
import { serverTexts } from '../../i18n/texts.ts'
import { escapeHtml } from '../../shared/html.ts'
import { pageLanguage, plainPage } from '../../shared/plain-page.ts'

/**
 * The portal's own word about a link (`server:links`), as a short page in the portal's frame like
 * its others: what the device's browser shows when a one-time link cannot give it the page or file.
 */
export function linkPage(
  request: FastifyRequest,
  kind: 'gone' | 'failed' | 'tooLarge' | 'preview',
  serviceMessage: string | null,
): string {
  const lang = pageLanguage(request)
  const t = serverTexts(lang)
  return plainPage(
    request.server,
    lang,
    t(`links.${kind}.title`),
    [
      `<p>${escapeHtml(t(`links.${kind}.body`))}</p>`,
      serviceMessage ? `<p>${escapeHtml(serviceMessage)}</p>` : '',
      `<p><a href="/enroll">${escapeHtml(t('links.back'))}</a></p>`,
    ].join('\n'),
  )
}
