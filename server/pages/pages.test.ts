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

/** Vite's page as the build writes it: its slots, and its link to the entry's stylesheet. */
const INDEX =
  '<html lang="<!--app-lang-->"><head><meta charset="UTF-8" /><!--app-head-->' +
  '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
  '<body><!--app-html--></body></html>'

test("each slot holds what the renderer drew, an organisation's `$&` and `$'` too", async () => {
  const dist = built({
    index: INDEX,
    manifest: { 'index.html': { file: 'assets/index-1.js', css: ['assets/index-1.css'] } },
    // A renderer that draws what an organisation's notice and name could say.
    renderer: `export async function renderPage(url, language) {
      return { head: '<title>Sign in · Acme $& Co</title>', html: "<div id=\\"root\\"><p>Pay $& and $' and $\`</p></div>", files: [] }
    }`,
    assets: { 'index-1.css': 'body{color:#123}' },
  })
  const pageFor = await renderPages(dist, {}, (html, language) =>
    html.replace('<meta charset="UTF-8" />', `<meta name="dressed" content="${language}">`),
  )
  const { html } = pageFor('/login', new URLSearchParams(), 'de')
  expect(html).toBe(
    '<html lang="de"><head><meta name="dressed" content="de">' +
      '<title>Sign in · Acme $& Co</title><style data-href="/assets/index-1.css">body{color:#123}</style>' +
      '</head><body><div id="root"><p>Pay $& and $\' and $`</p></div></body></html>',
  )
})

test('without the renderer the page is an empty root in the language, its stylesheet linked', async () => {
  const dist = built({ index: INDEX, renderer: '' })
  rmSync(join(dist, '.server'), { recursive: true })
  const { html, status } = (await renderPages(dist, {}))('/nope', new URLSearchParams(), 'de')
  expect(status).toBe(404)
  expect(html).toBe(
    '<html lang="de"><head><meta charset="UTF-8" />' +
      '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
      '<body><div id="root"></div></body></html>',
  )
})

test('the drawn page carries the build’s stylesheets, the entry’s first, and the policy allows exactly them', async () => {
  const dist = built({
    index: INDEX,
    manifest: {
      'index.html': { file: 'assets/index-1.js', css: ['assets/index-1.css'] },
      'src/app/routes/enroll.tsx': { file: 'assets/enroll-1.js', css: ['assets/enroll-1.css'] },
    },
    renderer: `export async function renderPage() { return { head: '', html: '<p>Hi</p>', files: ['src/app/routes/enroll.tsx'] } }`,
    assets: { 'index-1.css': 'body{color:#123}', 'enroll-1.css': '.qr{margin:0}' },
  })
  const { html } = (await renderPages(dist, {}))('/enroll', new URLSearchParams(), 'en')
  // In the page, so the page paints without a request, and named, so the portal can tell the
  // module loader it is there. No link to it: Chromium fetches even a disabled one in the markup.
  expect(html).toContain(
    '<style data-href="/assets/index-1.css">body{color:#123}</style>' +
      '<style data-href="/assets/enroll-1.css">.qr{margin:0}</style>',
  )
  expect(html).not.toContain('<link rel="stylesheet"')
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`
  expect(pageInlineHashes(dist).styleHashes.sort()).toEqual(
    [hash('body{color:#123}'), hash('.qr{margin:0}')].sort(),
  )
})

test('a page preloads the files its routes load, and what the entry imports lazily only when its own code already holds it', async () => {
  const dist = built({
    index: INDEX.replace('<link rel="stylesheet" crossorigin href="/assets/index-1.css">', ''),
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
      'locales/de/devices.json': { file: 'assets/devices-1.js' },
    },
    renderer: `export async function renderPage(url, language) {
      const files = url.includes('/devices/')
        ? ['src/app/signed-in-area.tsx', 'src/app/routes/device.tsx', 'locales/' + language + '/devices.json']
        : ['src/app/routes/login.tsx']
      return { head: '', html: '<p>Hi</p>', files }
    }`,
  })
  const pageFor = await renderPages(dist, {})
  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
      (match) => match[1],
    )
  expect(preloads(pageFor('/devices/x', new URLSearchParams(), 'de').html)).toEqual([
    '/assets/signed-in-area-1.js',
    '/assets/device-1.js',
    '/assets/query-client-1.js',
    '/assets/devices-1.js',
    '/assets/query-client-facade.js',
  ])
  expect(preloads(pageFor('/login', new URLSearchParams(), 'en').html)).toEqual([
    '/assets/login-1.js',
  ])
})

test('a password link that names its address gets the drawing with a line kept free for it', async () => {
  const dist = built({
    index: INDEX,
    // A renderer that says which address it drew.
    renderer: `export async function renderPage(url) {
      return { head: '', html: '<div id="root">' + new URL(url).search + '</div>', files: [] }
    }`,
  })
  const pageFor = await renderPages(dist, {})
  const drawn = (query: string) =>
    /<div id="root">([^<]*)<\/div>/.exec(
      pageFor('/reset-password', new URLSearchParams(query), 'en').html,
    )?.[1]
  expect(drawn('token=abc&email=anna%40example.com')).toBe('?token=link&email=link')
  expect(drawn('token=abc&join=1&email=anna%40example.com')).toBe('?token=link&join=1&email=link')
  // After the token has left the address, a reload: the address keeps that it names one.
  expect(drawn('account=1')).toBe('?token=link&email=link')
  expect(drawn('join=1&account=1')).toBe('?token=link&join=1&email=link')
  // A blank address names none, as the page reads it (use-reset-link.ts).
  expect(drawn('token=abc&email=%20')).toBe('?token=link')
  expect(drawn('token=abc&join=true')).toBe('?token=link&join=1')
})

test("a password link's page names its account in the drawing, as the portal's renderer draws it", async () => {
  const dist = built({
    index: INDEX,
    // The account's place drawn as the renderer draws an address (`link` for any).
    renderer: `export const renderAccount = (address) =>
      address === null ? '<i>place</i>' : '<b>' + address + '</b>'
    export async function renderPage(url) {
      const account = new URL(url).searchParams.has('email') ? renderAccount('link') : ''
      return { head: '', html: '<div id="root"><p>Your account: ' + account + '</p></div>', files: [] }
    }`,
  })
  const pageFor = await renderPages(dist, {})
  const account = (query: string) =>
    /<p>Your account: (.*?)<\/p>/.exec(
      pageFor('/reset-password', new URLSearchParams(query), 'en').html,
    )?.[1]
  expect(account('token=abc&email=anna%40example.com')).toBe('<b>anna@example.com</b>')
  expect(account('token=abc&join=1&email=%20clara%40example.com%20')).toBe(
    '<b>clara@example.com</b>',
  )
  // As the renderer has it, `$&` and all.
  expect(account('token=abc&email=a%24%26b%40example.com')).toBe('<b>a$&b@example.com</b>')
  // A reload: the address is in the tab's history alone, the place kept for it.
  expect(account('account=1')).toBe('<i>place</i>')
  expect(account('token=abc')).toBe('')
})
