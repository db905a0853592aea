import type { Language } from '../../contract/languages.ts'

/**
 * Plain semantic HTML pages of the reference API and the portal server (the outbox, the
 * enrollment page, a one-time link's page): no script, no inline style (the CSP); styles, where a
 * page needs them, come from a file.
 */

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** `stylesheet`: the address of the page's own styles, a file of the same origin. */
export function htmlDocument(
  lang: Language,
  title: string,
  main: string,
  stylesheet?: string,
): string {
  return [
    '<!doctype html>',
    `<html lang="${lang}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    // No icon of its own, and so no request for /favicon.ico that answers 404.
    '<link rel="icon" href="data:,">',
    ...(stylesheet ? [`<link rel="stylesheet" href="${escapeHtml(stylesheet)}">`] : []),
    '</head>',
    '<body>',
    '<main>',
    main,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n')
}
