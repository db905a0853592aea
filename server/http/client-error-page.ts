import type { Language } from '../../contract/languages.ts'
import { escapeHtml } from '../shared/html.ts'
import { cspHash } from './security-headers.ts'

/**
 * The page a browser shows for a request Node refused before the portal could read it. Nothing
 * of such a request can be relied on, its language neither, so the page says it in both, English
 * first. It is whole in itself: no script, no file to fetch, its few styles allowed by their hash.
 */

/** The requests Node refuses itself: too slow (408), headers too large (431), no HTTP (400). */
export type RefusedRequest = 'requestTimeout' | 'headersTooLarge' | 'badRequest'

const TEXTS = {
  en: {
    headersTooLarge: {
      title: 'This request is too large',
      body: 'The portal cannot read a request this large. Perhaps a link was changed or copied together with other text, or your browser sends too many or too large cookies for this site. Check the link, or delete this site’s cookies, then start again from the portal.',
    },
    requestTimeout: {
      title: 'The request did not arrive in time',
      body: 'The connection may be slow or was interrupted. Please try again, or start again from the portal.',
    },
    badRequest: {
      title: 'The request could not be read',
      body: 'Your browser sent something the portal cannot read. Load the page again, or start again from the portal.',
    },
    home: 'Go to the portal',
  },
  de: {
    headersTooLarge: {
      title: 'Diese Anfrage ist zu groß',
      body: 'Eine so große Anfrage kann das Portal nicht lesen. Vielleicht wurde ein Link verändert oder mit anderem Text zusammen kopiert, oder Ihr Browser sendet für diese Website zu viele oder zu große Cookies. Prüfen Sie den Link oder löschen Sie die Cookies dieser Website und beginnen Sie dann im Portal von vorn.',
    },
    requestTimeout: {
      title: 'Die Anfrage ist nicht rechtzeitig angekommen',
      body: 'Die Verbindung ist vielleicht langsam oder wurde unterbrochen. Bitte versuchen Sie es erneut oder beginnen Sie im Portal von vorn.',
    },
    badRequest: {
      title: 'Die Anfrage konnte nicht gelesen werden',
      body: 'Ihr Browser hat etwas gesendet, das das Portal nicht lesen kann. Laden Sie die Seite neu oder beginnen Sie im Portal von vorn.',
    },
    home: 'Zum Portal',
  },
} as const satisfies Record<
  Language,
  Record<RefusedRequest, { title: string; body: string }> & { home: string }
>

const STYLE =
  ':root{color-scheme:light dark}' +
  'body{font:1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:0 auto;padding:1rem;overflow-wrap:anywhere}' +
  'h1{font-size:1.5rem;line-height:1.25}' +
  'section+section{border-top:1px solid;margin-top:2rem}'

/** Nothing but the page's own styles: no script, no frame, no form, nothing fetched. */
export const CLIENT_ERROR_PAGE_POLICY = [
  "default-src 'none'",
  `style-src ${cspHash(STYLE)}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ')

function section(lang: Language, refused: RefusedRequest): string {
  const texts = TEXTS[lang]
  const { title, body } = texts[refused]
  return [
    `<section lang="${lang}">`,
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(body)}</p>`,
    `<p><a href="/">${escapeHtml(texts.home)}</a></p>`,
    '</section>',
  ].join('\n')
}

export function clientErrorPage(refused: RefusedRequest): string {
  const title = `${TEXTS.en[refused].title} / ${TEXTS.de[refused].title}`
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    '<main>',
    section('en', refused),
    section('de', refused),
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n')
}
