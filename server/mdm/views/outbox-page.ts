import { escapeHtml, htmlDocument } from '../../shared/html.ts'
import type { Lang } from '../texts/language.ts'
import type { Mail } from '../model/records.ts'

/** GET /outbox: the e-mails of the world, newest first, each in its recipient's language. */

const TEXTS = {
  en: {
    title: 'Outbox',
    intro: 'The e-mails the service would have sent, newest first.',
    empty: 'No e-mails yet.',
    to: 'To',
    sent: 'Sent',
  },
  de: {
    title: 'Postausgang',
    intro: 'Die E-Mails, die der Dienst versendet hätte, die neueste zuerst.',
    empty: 'Noch keine E-Mails.',
    to: 'An',
    sent: 'Gesendet',
  },
} satisfies Record<Lang, Record<string, string>>

/**
 * Served as a file (GET /outbox.css): the portal's CSP allows no inline style. A reset link is
 * one long word, so every word may break, and the addresses and dates sit beside their labels.
 */
export const OUTBOX_CSS = `:root{color-scheme:light dark}
body{font:1rem/1.5 system-ui,sans-serif;max-width:40rem;margin:0 auto;padding:1rem;overflow-wrap:anywhere}
h1,h2{line-height:1.25}
article{border-top:1px solid;margin-top:1.5rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:0 1rem}
dd{margin:0}
`

/** The body as paragraphs, with its links made clickable. */
function bodyHtml(mail: Mail): string {
  return mail.text
    .split(/\n{2,}/)
    .map((paragraph) => {
      let html = escapeHtml(paragraph).replace(/\n/g, '<br>')
      for (const link of mail.links) {
        const escaped = escapeHtml(link)
        html = html.split(escaped).join(`<a href="${escaped}">${escaped}</a>`)
      }
      return `<p>${html}</p>`
    })
    .join('\n')
}

function mailHtml(mail: Mail, lang: Lang): string {
  const texts = TEXTS[lang]
  const sentAt = new Date(mail.sentAt)
  const shown = new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'UTC',
  }).format(sentAt)
  return [
    `<article aria-labelledby="mail-${mail.id}">`,
    `<h2 id="mail-${mail.id}" lang="${mail.language}">${escapeHtml(mail.subject)}</h2>`,
    '<dl>',
    `<dt>${texts.to}</dt><dd>${escapeHtml(mail.to)}</dd>`,
    `<dt>${texts.sent}</dt><dd><time datetime="${sentAt.toISOString()}">${escapeHtml(shown)} UTC</time></dd>`,
    '</dl>',
    `<div lang="${mail.language}">`,
    bodyHtml(mail),
    '</div>',
    '</article>',
  ].join('\n')
}

export function outboxPage(mails: Mail[], lang: Lang): string {
  const texts = TEXTS[lang]
  const newestFirst = [...mails].reverse()
  const list = newestFirst.length
    ? newestFirst.map((mail) => mailHtml(mail, lang)).join('\n')
    : `<p>${texts.empty}</p>`
  return htmlDocument(
    lang,
    texts.title,
    `<h1>${texts.title}</h1>\n<p>${texts.intro}</p>\n${list}`,
    '/outbox.css',
  )
}

export function outboxJson(mails: Mail[]) {
  return [...mails].reverse().map((mail) => ({
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    links: mail.links,
    sentAt: new Date(mail.sentAt).toISOString(),
    kind: mail.kind,
    language: mail.language,
  }))
}
