import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { renderPages } from './pages.ts'
import { pageInlineHashes } from './static-files.ts'

const dist = mkdtempSync(join(tmpdir(), 'portal-pages-'))
afterAll(() => rmSync(dist, { recursive: true, force: true }))

test("the page holds the drawn markup as it is, an organisation's `$&` and `$'` too", async () => {
  writeFileSync(
    join(dist, 'index.html'),
    '<html lang="en"><head><title>Device Portal</title></head><body><div id="root"></div></body></html>',
  )
  mkdirSync(join(dist, '.vite'))
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}')
  mkdirSync(join(dist, '.server'))
  // A renderer that draws what an organisation's notice and name could say.
  writeFileSync(
    join(dist, '.server', 'render-page.js'),
    `export async function renderPage() {
      return { html: "<p>Pay $& and $' and $\`</p>", title: "Sign in · Acme $& Co", routes: ['root'] }
    }`,
  )
  const pageFor = await renderPages(dist, {}, (html, language) =>
    html.replace('</head>', `<meta name="dressed" content="${language}"></head>`),
  )
  const { html } = pageFor('/login', new URLSearchParams(), 'de')
  expect(html).toContain("<p>Pay $& and $' and $`</p>")
  expect(html).toContain('<title>Sign in · Acme $& Co</title>')
  expect(html).toContain('<meta name="dressed" content="de">')
  expect(html).toContain('<html lang="de">')
})

test('the drawn page carries the build’s stylesheets, and the policy allows exactly them', async () => {
  const built = mkdtempSync(join(tmpdir(), 'portal-styles-'))
  try {
    writeFileSync(
      join(built, 'index.html'),
      '<html lang="en"><head><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>',
    )
    mkdirSync(join(built, 'assets'))
    writeFileSync(join(built, 'assets', 'index-1.css'), 'body{color:#123}')
    mkdirSync(join(built, '.vite'))
    writeFileSync(join(built, '.vite', 'manifest.json'), '{}')
    mkdirSync(join(built, '.server'))
    writeFileSync(
      join(built, '.server', 'render-page.js'),
      `export async function renderPage() { return { html: '<p>Hi</p>', title: 'Sign in', routes: ['root'] } }`,
    )
    const { html } = (await renderPages(built, {}))('/login', new URLSearchParams(), 'en')
    // In the page, so the page paints without a request; the disabled link is never fetched and
    // keeps the module loader from adding the same sheet again.
    expect(html).toContain(
      '<style>body{color:#123}</style><link rel="stylesheet" href="/assets/index-1.css" disabled>',
    )
    const hash = `'sha256-${createHash('sha256').update('body{color:#123}').digest('base64')}'`
    expect(pageInlineHashes(built).styleHashes).toEqual([hash])
  } finally {
    rmSync(built, { recursive: true, force: true })
  }
})
