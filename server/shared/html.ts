import type { Language } from '../../contract/languages.ts'

/**
 * Plain semantic HTML pages of the reference API and the portal server (the outbox, the
 * enrollment page, a one-time link's page): no script, no inline style (the CSP).
 */

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

export function htmlDocument(lang: Language, title: string, main: string): string {
  return [
    '<!doctype html>',
    `<html lang="${lang}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
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
