import type { Lang } from '../texts/language.ts'

/** Plain semantic HTML pages (outbox, enrollment page): no script, no inline style (the CSP). */

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

export function htmlDocument(lang: Lang, title: string, main: string): string {
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
