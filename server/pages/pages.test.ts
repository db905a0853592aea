import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { renderPages } from './pages.ts'

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
