import type { Language } from '../../contract/languages.ts'
import { serverTexts } from '../i18n/texts.ts'
import { escapeHtml } from '../shared/html.ts'
import { cspHash } from './security-headers.ts'

/**
 * The page a browser shows for a request Node refused before the portal could read it. Nothing
 * of such a request can be relied on, its language neither, so the page says it in both, English
 * first (its words: `server:http.refused`). It is whole in itself: no script, no file to fetch, its few styles allowed by their hash.
 */

/** The requests Node refuses itself: too slow (408), headers too large (431), no HTTP (400). */
export type RefusedRequest = 'requestTimeout' | 'headersTooLarge' | 'badRequest'

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
  const t = serverTexts(lang)
  return [
    `<section lang="${lang}">`,
    `<h1>${escapeHtml(t(`http.refused.${refused}.title`))}</h1>`,
    `<p>${escapeHtml(t(`http.refused.${refused}.body`))}</p>`,
    `<p><a href="/">${escapeHtml(t('pages.home'))}</a></p>`,
    '</section>',
  ].join('\n')
}

export function clientErrorPage(refused: RefusedRequest): string {
  const title = `${serverTexts('en')(`http.refused.${refused}.title`)} / ${serverTexts('de')(`http.refused.${refused}.title`)}`
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
