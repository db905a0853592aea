import type { FastifyInstance, FastifyRequest } from 'fastify'
import { escapeHtml, htmlDocument } from '../shared/html.ts'
import { languageInCookie, languageOf, type Language } from '../../contract/languages.ts'
import { portalTexts } from '../i18n/texts.ts'

/** The head of the built page, by instance: absent where the portal serves no built files. */
const heads = new WeakMap<FastifyInstance, string>()

/**
 * Pages the server draws without the portal's code (an address it cannot read) take the built
 * page's head: its style sheets, its icon and its theme, without its scripts, so nothing starts
 * the portal on an address its router could not read either.
 */
export function usePortalHead(app: FastifyInstance, template: string) {
  const head = /<head>([\s\S]*)<\/head>/.exec(template)?.[1]
  if (!head) return
  heads.set(
    app,
    head
      .replace(/<script type="module"[^>]*><\/script>/g, '')
      .replace(/<link rel="(modulepreload|preload)"[^>]*>/g, '')
      .replace(/<title>[^<]*<\/title>/, ''),
  )
}

/** Whether the request is a browser's for a page to show, rather than a script's for data. */
export function wantsPage(request: FastifyRequest): boolean {
  return /text\/html/i.test(String(request.headers.accept ?? ''))
}

/** The language the portal itself shows: the visitor's choice, else the browser's. */
export function pageLanguage(request: FastifyRequest): Language {
  return languageInCookie(request.headers.cookie) ?? languageOf(request.headers['accept-language'])
}

/**
 * A short page in the portal's frame: its header with the product's name (a link home), and
 * the page's heading and words in a narrow card, as the portal's own "not found" shows them.
 */
export function plainPage(
  app: FastifyInstance,
  lang: Language,
  title: string,
  body: string,
): string {
  const head = heads.get(app)
  const main = `<h1>${escapeHtml(title)}</h1>\n${body}`
  if (head === undefined) return htmlDocument(lang, title, main)
  // The product's name as the portal's own header says it.
  const name = portalTexts(lang, 'common')('product.name')
  return [
    '<!doctype html>',
    `<html lang="${lang}">`,
    `<head>${head}<title>${escapeHtml(`${title} · ${name}`)}</title></head>`,
    '<body>',
    '<div class="shell shell--public">',
    '<header class="header"><div class="header__inner">',
    `<a href="/" class="brand"><span class="brand__mark" aria-hidden="true"></span>${escapeHtml(name)}</a>`,
    '</div></header>',
    '<main id="main" class="main main--public"><div class="page page--narrow">',
    `<div class="page__header"><div><h1 class="page__title">${escapeHtml(title)}</h1></div></div>`,
    body,
    '</div></main>',
    '</div>',
    '</body>',
    '</html>',
    '',
  ].join('\n')
}
