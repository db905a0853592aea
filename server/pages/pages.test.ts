import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { renderPages } from './pages.ts'
import { pageInlineHashes } from './static-files.ts'

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

/** A build's folder: its page, Vite's manifest, the renderer's module and any assets. */
function built(files: {
  index: string
  manifest?: object
  renderer: string
  assets?: Record<string, string>
}): string {
  const dist = mkdtempSync(join(tmpdir(), 'portal-pages-'))
  folders.push(dist)
  writeFileSync(join(dist, 'index.html'), files.index)
  mkdirSync(join(dist, '.vite'))
  writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(files.manifest ?? {}))
  mkdirSync(join(dist, '.server'))
  writeFileSync(join(dist, '.server', 'render-page.js'), files.renderer)
  if (files.assets) {
    mkdirSync(join(dist, 'assets'))
    for (const [name, text] of Object.entries(files.assets)) {
      writeFileSync(join(dist, 'assets', name), text)
    }
  }
  return dist
}

test("the page holds the drawn markup as it is, an organisation's `$&` and `$'` too", async () => {
  const dist = built({
    index:
      '<html lang="en"><head><title>Device Portal</title></head><body><div id="root"></div></body></html>',
    // A renderer that draws what an organisation's notice and name could say.
    renderer: `export async function renderPage() {
      return { html: "<p>Pay $& and $' and $\`</p>", title: "Sign in · Acme $& Co", description: 'About', stalled: 'Slow <b> & $&', routes: ['root'], page: 'login' }
    }`,
  })
  const pageFor = await renderPages(dist, {}, (html, language) =>
    html.replace('</head>', `<meta name="dressed" content="${language}"></head>`),
  )
  const { html } = pageFor('/login', new URLSearchParams(), 'de')
  expect(html).toContain("<p>Pay $& and $' and $`</p>")
  expect(html).toContain('<title>Sign in · Acme $& Co</title>')
  // The notice for a start that never comes follows the drawn page, as text.
  expect(html).toContain('</div><p class="start-stalled">Slow &lt;b&gt; &amp; $&amp;</p>')
  expect(html).toContain('<meta name="dressed" content="de">')
  expect(html).toContain('<html lang="de">')
})

test('the page describes itself in its language', async () => {
  const dist = built({
    index:
      '<html lang="en"><head><meta name="description" content="Self-service portal for your work devices" /></head><body><div id="root"></div></body></html>',
    renderer: `export async function renderPage(_url, language) {
      const description = language === 'de' ? 'Self-Service-Portal für Ihre "Geräte" & Apps' : 'Self-service portal'
      return { html: '<p>Hi</p>', title: 'Page', description, stalled: 'Slow', routes: ['root'], page: 'login' }
    }`,
  })
  const pageFor = await renderPages(dist, {})
  expect(pageFor('/login', new URLSearchParams(), 'de').html).toContain(
    '<meta name="description" content="Self-Service-Portal für Ihre &quot;Geräte&quot; &amp; Apps" />',
  )
  expect(pageFor('/devices', new URLSearchParams(), 'en').html).toContain(
    '<meta name="description" content="Self-service portal" />',
  )
})

test('the drawn page carries the build’s stylesheets, and the policy allows exactly them', async () => {
  const dist = built({
    index:
      '<html lang="en"><head><link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>',
    renderer: `export async function renderPage() { return { html: '<p>Hi</p>', title: 'Sign in', description: 'About', stalled: 'Slow', routes: ['root'], page: 'login' } }`,
    assets: { 'index-1.css': 'body{color:#123}' },
  })
  const { html } = (await renderPages(dist, {}))('/login', new URLSearchParams(), 'en')
  // In the page, so the page paints without a request, and named, so the portal can tell the
  // module loader it is there. No link to it: Chromium fetches even a disabled one in the markup.
  expect(html).toContain('<style data-href="/assets/index-1.css">body{color:#123}</style>')
  expect(html).not.toContain('<link rel="stylesheet"')
  const hash = `'sha256-${createHash('sha256').update('body{color:#123}').digest('base64')}'`
  expect(pageInlineHashes(dist).styleHashes).toEqual([hash])
})

test('a page preloads what the entry imports lazily only when its own code already holds it', async () => {
  const dist = built({
    index: '<html lang="en"><head></head><body><div id="root"></div></body></html>',
    // The entry imports the query client lazily: a file that re-exports the chunk the screens
    // that read the service import, which the sign-in page does not.
    manifest: {
      'index.html': {
        file: 'assets/index-1.js',
        dynamicImports: ['src/app/query-client.ts'],
      },
      'src/app/query-client.ts': {
        file: 'assets/query-client-facade.js',
        imports: ['_query-client-1.js'],
      },
      '_query-client-1.js': { file: 'assets/query-client-1.js' },
      'src/app/signed-in-area.tsx': { file: 'assets/signed-in-area-1.js' },
      'src/app/routes/device.tsx': {
        file: 'assets/device-1.js',
        imports: ['_query-client-1.js'],
      },
      'src/app/routes/login.tsx': { file: 'assets/login-1.js' },
    },
    renderer: `export async function renderPage(url) {
      const routes = url.includes('/devices/') ? ['root', 'signed-in', 'device'] : ['root', 'public', 'login']
      return { html: '<p>Hi</p>', title: 'Page', description: 'About', stalled: 'Slow', routes, page: routes.at(-1) }
    }`,
  })
  const pageFor = await renderPages(dist, {})
  const device = pageFor('/devices/x', new URLSearchParams(), 'en').html
  expect(device).toContain('href="/assets/query-client-1.js"')
  expect(device).toContain('href="/assets/query-client-facade.js"')
  const login = pageFor('/login', new URLSearchParams(), 'en').html
  expect(login).toContain('href="/assets/login-1.js"')
  expect(login).not.toContain('query-client')
})
