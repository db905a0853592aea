import type { FastifyInstance, FastifyRequest } from 'fastify'
import { escapeHtml, htmlDocument } from './html.ts'
import { languageInCookie, languageOf, type Language } from '../../contract/languages.ts'
import { portalTexts, serverTexts } from '../i18n/texts.ts'

/**
 * The portal's own name, short name and description (common.json: product), for what the server
 * draws without the portal's code: the short pages and the web app manifest.
 */
export function product(lang: Language) {
  const t = portalTexts(lang, 'common')
  return {
    name: t('product.name'),
    shortName: t('product.shortName'),
    description: t('product.description'),
  }
}

/** The organisation's name and logo, where it set them: the short pages show them too. */
export interface PageBrand {
  name: { en: string; de: string } | null
  logo: { path: string; size: { width: number; height: number } | null } | null
}

/** The head of the built page, by instance: absent where the portal serves no built files. */
const heads = new WeakMap<FastifyInstance, (language: Language) => string>()
const brands = new WeakMap<FastifyInstance, PageBrand>()

/**
 * Pages the server draws without the portal's code (an address it cannot read) take the built
 * page's head: its style sheets, its icon and its theme, without its scripts, so nothing starts
 * the portal on an address its router could not read either.
 */
export function usePortalHead(
  app: FastifyInstance,
  template: string,
  dress: (html: string, language: Language) => string = (html) => html,
  brand: PageBrand = { name: null, logo: null },
) {
  brands.set(app, brand)
  const headOf = (language: Language) => {
    const head = /<head>([\s\S]*)<\/head>/.exec(dress(template, language))?.[1]
    return head
      ?.replace(/<script type="module"[^>]*><\/script>/g, '')
      .replace(/<link rel="(modulepreload|preload)"[^>]*>/g, '')
      .replace(/<title>[^<]*<\/title>/, '')
  }
  const [en, de] = [headOf('en'), headOf('de')]
  if (en === undefined || de === undefined) return
  heads.set(app, (language) => (language === 'de' ? de : en))
}

/** The header's home link: the organisation's logo and name where it set them, as the portal's. */
function brandLink(brand: PageBrand | undefined, lang: Language): string {
  const name = escapeHtml(brand?.name?.[lang] ?? product(lang).name)
  const logo = brand?.logo
  if (!logo) {
    return `<a href="/" class="brand"><span class="brand__mark" aria-hidden="true"></span>${name}</a>`
  }
  const size = logo.size ? ` width="${logo.size.width}" height="${logo.size.height}"` : ''
  return [
    '<a href="/" class="brand">',
    `<img class="brand__logo" src="${escapeHtml(logo.path)}" alt="${name}"${size} />`,
    // The logo says the name; the name beside it is for the eye alone.
    `<span class="brand__name" aria-hidden="true">${name}</span>`,
    '</a>',
  ].join('')
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
  const head = heads.get(app)?.(lang)
  const main = `<h1>${escapeHtml(title)}</h1>\n${body}`
  if (head === undefined) return htmlDocument(lang, title, main)
  const brand = brands.get(app)
  // The product's name as the portal's own header says it: the organisation's where it set one.
  const name = brand?.name?.[lang] ?? product(lang).name
  return [
    '<!doctype html>',
    `<html lang="${lang}">`,
    `<head>${head}<title>${escapeHtml(`${title} · ${name}`)}</title></head>`,
    '<body>',
    '<div class="shell shell--public">',
    '<header class="header"><div class="header__inner">',
    brandLink(brand, lang),
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

/** A short page in the visitor's language that says what went wrong and leads to the portal. */
export function notePage(
  request: FastifyRequest,
  key: 'http.badAddress' | 'pages.methodNotAllowed',
) {
  const lang = pageLanguage(request)
  const t = serverTexts(lang)
  const home = `<p><a href="/">${escapeHtml(t('pages.home'))}</a></p>`
  return plainPage(
    request.server,
    lang,
    t(`${key}.title`),
    `<p>${escapeHtml(t(`${key}.body`))}</p>\n${home}`,
  )
}
