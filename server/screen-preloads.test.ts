import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { screenPages } from './screen-preloads.ts'
import { makeDist } from './test-support.ts'

const dist = makeDist()

/** The code and styles a page lists for its start script to fetch once it has painted. */
function preloadsOf(page: string): string[] {
  const block = /<script type="application\/json" id="portal-preloads">([^<]*)<\/script>/.exec(page)
  return block ? (JSON.parse(block[1] ?? '[]') as string[]) : []
}
afterAll(() => dist.remove())

describe('pages that announce their screen', () => {
  test('without a build manifest the page goes out as built', () => {
    expect(screenPages(dist.dir)).toBeNull()
  })

  test("a screen's code, styles and texts are announced, not the shell's again", () => {
    mkdirSync(join(dist.dir, '.vite'))
    writeFileSync(
      join(dist.dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-a.js', imports: ['_page-b.js'] },
        '_page-b.js': { file: 'assets/page-b.js' },
        '_form-c.js': {
          file: 'assets/form-c.js',
          imports: ['_page-b.js'],
          css: ['assets/form-c.css'],
        },
        'src/app/signed-in-area.tsx': { file: 'assets/area-e.js', imports: ['index.html'] },
        'src/app/routes/login.tsx': { file: 'assets/login-f.js', imports: ['index.html'] },
        'src/app/routes/device.tsx': {
          file: 'assets/device-d.js',
          imports: ['index.html', '_page-b.js', '_form-c.js'],
        },
        'locales/en/devices.json': { file: 'assets/devices-en.json' },
        'locales/de/devices.json': { file: 'assets/devices-de.json' },
        'locales/en/common.frame.json': { file: 'assets/frame-en.json' },
        'locales/de/common.frame.json': { file: 'assets/frame-de.json' },
        'locales/en/common.json': { file: 'assets/common-en.json' },
        'locales/de/common.json': { file: 'assets/common-de.json' },
        'locales/en/errors.json': { file: 'assets/errors-en.json' },
        'locales/de/errors.json': { file: 'assets/errors-de.json' },
        'locales/en/auth.json': { file: 'assets/auth-en.json' },
        'locales/de/auth.json': { file: 'assets/auth-de.json' },
      }),
    )
    const pageFor = screenPages(dist.dir)
    if (!pageFor) throw new Error('expected pages from the manifest')

    const english = pageFor('/devices/3f6d', 'en-US,en;q=0.9')
    // A signed-in screen comes with the signed-in area's frame and the frame's texts.
    expect(preloadsOf(english)).toEqual(
      expect.arrayContaining(['/assets/area-e.js', '/assets/device-d.js', '/assets/form-c.js']),
    )
    // Code and styles are only listed: nothing but the page holds its first paint.
    expect(english).not.toContain('modulepreload')
    // Texts are data: announced as what the portal's fetch of them asks for.
    for (const file of ['devices-en.json', 'frame-en.json', 'common-en.json', 'auth-en.json']) {
      expect(english).toContain(
        `<link rel="preload" as="fetch" crossorigin href="/assets/${file}">`,
      )
    }
    expect(preloadsOf(english)).toContain('/assets/form-c.css')
    // What the entry imports comes first: the browser would find it only once the entry has
    // arrived. The entry itself is the start script's own, and is not listed.
    expect(preloadsOf(english)[0]).toBe('/assets/page-b.js')
    expect(preloadsOf(english).filter((file) => file === '/assets/page-b.js')).toHaveLength(1)
    expect(english).not.toContain('/assets/index-a.js')
    expect(english).not.toContain('devices-de.json')
    expect(english).not.toContain('frame-de.json')
    expect(english).not.toContain('common-de.json')
    expect(english.indexOf('device-d.js')).toBeLessThan(english.indexOf('</head>'))

    // A German browser gets its texts and the English ones they fall back on.
    const german = pageFor('/devices/3f6d', 'de-AT,de;q=0.9,en;q=0.5')
    expect(german).toContain('devices-de.json')
    expect(german).toContain('devices-en.json')
    expect(german).toContain('errors-de.json')
    expect(german).toContain('errors-en.json')
    // The frame's texts only in the page's language: both have the same keys.
    expect(german).toContain('frame-de.json')
    expect(german).not.toContain('frame-en.json')

    // The sign-in page is not in the signed-in area: its frame is not announced.
    const signIn = pageFor('/login', 'en')
    expect(preloadsOf(signIn)).toContain('/assets/login-f.js')
    expect(signIn).toContain('href="/assets/auth-en.json"')
    expect(signIn).not.toContain('area-e.js')
    expect(signIn).not.toContain('frame-en.json')

    // No screen at the address: the shell's texts only, for its "not found".
    const nothing = pageFor('/nothing/here', 'en')
    expect(nothing).toContain('href="/assets/common-en.json"')
    expect(preloadsOf(nothing)).toEqual(['/assets/page-b.js'])
    expect(nothing).not.toContain('devices-en.json')

    // The router takes an address with a trailing slash or in capitals for the screen's own.
    for (const path of ['/devices/', '/DEVICES']) {
      expect(pageFor(path, 'en')).toContain('devices-en.json')
    }
  })

  test('a screen grouped into a shared chunk is announced with that chunk and its imports', () => {
    // What vite.config.ts's groups make: the entry and the sign-in page in `shell`, the frame and
    // the employee's screens in one file, which Vite's manifest then names by that file only.
    writeFileSync(
      join(dist.dir, '.vite', 'manifest.json'),
      JSON.stringify({
        '_runtime-r.js': { file: 'assets/runtime-r.js' },
        '_shell-a.js': {
          file: 'assets/shell-a.js',
          imports: ['_runtime-r.js'],
          css: ['assets/shell-a.css'],
        },
        '_data-b.js': { file: 'assets/data-b.js', imports: ['_shell-a.js'] },
        '_employee-c.js': {
          file: 'assets/employee-c.js',
          imports: ['_shell-a.js', '_data-b.js'],
          css: ['assets/employee-c.css'],
        },
        'src/app/routes/enroll.tsx': {
          file: 'assets/enroll-d.js',
          imports: ['_shell-a.js', '_data-b.js'],
        },
        'locales/en/devices.json': { file: 'assets/devices-en.json' },
      }),
    )
    writeFileSync(
      join(dist.dir, '.vite', 'module-chunks.json'),
      JSON.stringify({
        'src/main.tsx': 'assets/shell-a.js',
        'src/app/routes/login.tsx': 'assets/shell-a.js',
        'src/app/signed-in-area.tsx': 'assets/employee-c.js',
        'src/app/routes/devices.tsx': 'assets/employee-c.js',
        'src/app/routes/enroll.tsx': 'assets/enroll-d.js',
      }),
    )
    const pageFor = screenPages(dist.dir)
    if (!pageFor) throw new Error('expected pages from the manifest')

    const devices = pageFor('/devices', 'en')
    expect(preloadsOf(devices)).toEqual(
      expect.arrayContaining([
        '/assets/employee-c.js',
        '/assets/data-b.js',
        '/assets/employee-c.css',
      ]),
    )
    expect(devices).toContain('href="/assets/devices-en.json"')
    // The shell is the page's own script: not announced a second time.
    expect(devices).not.toContain('shell-a.js')
    expect(devices).not.toContain('shell-a.css')

    // A screen of its own still comes with the frame it shows in.
    const enroll = pageFor('/enroll', 'en')
    expect(preloadsOf(enroll)).toEqual(
      expect.arrayContaining(['/assets/enroll-d.js', '/assets/employee-c.js']),
    )
    // The sign-in page is in the shell: only what the shell imports is announced, on every page.
    expect(preloadsOf(pageFor('/login', 'en'))).toEqual(['/assets/runtime-r.js'])
    expect(preloadsOf(devices)[0]).toBe('/assets/runtime-r.js')
  })

  test("the page shows the screen's heading and lead in the page's language until the portal starts", () => {
    writeFileSync(
      join(dist.dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'locales/en/common.json': { file: 'assets/common-en.json' },
        'locales/de/common.json': { file: 'assets/common-de.json' },
        'locales/en/devices.json': { file: 'assets/devices-en.json' },
        'locales/de/devices.json': { file: 'assets/devices-de.json' },
        'locales/en/auth.json': { file: 'assets/auth-en.json' },
        'locales/en/password.json': { file: 'assets/password-en.json' },
        'locales/en/apps.json': { file: 'assets/apps-en.json' },
      }),
    )
    const texts = {
      'common-en.json': { product: { name: 'Device Portal' } },
      'common-de.json': { product: { name: 'Geräteportal' } },
      'devices-en.json': { list: { title: 'My devices', lead: 'Phones & <tablets>' } },
      'devices-de.json': { list: { title: 'Meine Geräte', lead: 'Hallo {{name}}' } },
      'auth-en.json': { login: { title: 'Sign in', intro: 'With your work address.' } },
      'password-en.json': {
        reset: { titleReset: 'Choose a new password', titleJoin: 'Set your password' },
      },
      'apps-en.json': {
        title: 'Apps',
        list: { leadAll: 'All your apps.', chooseDevice: 'First choose the device.' },
        device: { label: 'Device', loading: 'Loading your devices…' },
        filters: { search: 'Search by name', platform: 'Platform', allPlatforms: 'All platforms' },
        platform: { Apple: 'Apple', Android: 'Android' },
      },
    }
    for (const [file, content] of Object.entries(texts)) {
      writeFileSync(join(dist.dir, 'assets', file), JSON.stringify(content))
    }
    writeFileSync(
      join(dist.dir, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Device Portal</title></head><body>' +
        '<div id="root"><div class="shell" aria-hidden="true"><div class="main"></div></div></div>' +
        '</body></html>',
    )
    const pageFor = screenPages(dist.dir)
    if (!pageFor) throw new Error('expected pages from the manifest')

    const english = pageFor('/devices', 'en')
    expect(english).toContain('<html lang="en"')
    expect(english).toContain('<title>My devices · Device Portal</title>')
    expect(english).toContain('<span class="brand__mark"></span>Device Portal</span>')
    expect(english).toContain('<h1 class="page__title">My devices</h1>')
    // Texts are escaped; the employee's navigation has its stand-in on wide screens.
    expect(english).toContain('<p class="page__lead">Phones &amp; &lt;tablets&gt;</p>')
    expect(english).toContain('<div class="nav nav--frame"></div>')
    expect(english.match(/id="root"/g)).toHaveLength(1)

    // German: its own words; a text with a placeholder only the portal can fill is left out.
    const german = pageFor('/devices', 'de-DE,de;q=0.9')
    expect(german).toContain('<html lang="de"')
    expect(german).toContain('<h1 class="page__title">Meine Geräte</h1>')
    expect(german).toContain('<title>Meine Geräte · Geräteportal</title>')
    expect(german).not.toContain('page__lead')
    expect(german).not.toContain('{{name}}')

    // The sign-in page: in its card, without the signed-in navigation.
    const signIn = pageFor('/login', 'en')
    expect(signIn).toContain(
      '<div class="card sign-in"><div class="page"><div class="page__header"><div><h1 class="page__title">Sign in</h1>',
    )
    expect(signIn).toContain('class="shell shell--public"')
    expect(signIn).not.toContain('nav--frame')

    // A password link opens on its own heading, an invitation's on another; without a token in
    // the address the page will say the link is not valid, so the frame names no heading.
    const reset = (query: string) => pageFor('/reset-password', 'en', new URLSearchParams(query))
    expect(reset('token=abc&email=a%40b.c')).toContain(
      '<div class="card password-page"><div class="page"><div class="page__header"><div><h1 class="page__title">Choose a new password</h1></div>',
    )
    expect(reset('token=abc&join=1')).toContain('<h1 class="page__title">Set your password</h1>')
    expect(reset('')).not.toContain('page__title')

    // "My apps" opens on all apps: the toolbar with the search and platform of the address, inert
    // like the rest of the frame, and the hint to choose a device.
    const apps = (query: string) => pageFor('/apps', 'en', new URLSearchParams(query))
    const allApps = apps('q=%22Mail%22&platform=Android')
    expect(allApps).toContain('<p class="page__lead">All your apps.</p>')
    expect(allApps).toContain('<select disabled><option>Loading your devices…</option></select>')
    expect(allApps).toContain('<input type="search" value="&quot;Mail&quot;">')
    expect(allApps).toContain('<select><option>Android</option></select>')
    expect(allApps).toContain('<div class="alert__body">First choose the device.</div>')
    expect(allApps).toContain('aria-hidden="true" inert>')
    expect(apps('platform=Windows')).toContain('<select><option>All platforms</option></select>')
    expect(apps('device=')).toContain('First choose the device.')
    // A device's apps wait for the device: the heading and placeholders only.
    const deviceApps = apps('device=3f6d')
    expect(deviceApps).toContain('<h1 class="page__title">Apps</h1>')
    expect(deviceApps).not.toContain('page__lead')
    expect(deviceApps).not.toContain('apps-toolbar')

    // A screen whose heading comes from the service (a device) shows the name and placeholders.
    const device = pageFor('/devices/3f6d', 'en')
    expect(device).not.toContain('page__title')
    expect(device).toContain('<div class="skeleton">')
    expect(device).toContain('<title>Device Portal</title>')
  })

  test("a signed-in screen's first API requests are listed before the start script, which sends them", () => {
    writeFileSync(
      join(dist.dir, 'index.html'),
      '<!doctype html><html lang="en"><head><title>Device Portal</title><script>start()</script>' +
        '</head><body><div id="root"></div></body></html>',
    )
    const pageFor = screenPages(dist.dir)
    if (!pageFor) throw new Error('expected pages from the manifest')
    const requestsOf = (path: string, query = '') => {
      const page = pageFor(path, 'en', new URLSearchParams(query))
      const block = /<script type="application\/json" id="portal-requests">([^<]*)<\/script>/.exec(
        page,
      )
      if (block) expect(page.indexOf(block[0])).toBeLessThan(page.indexOf('<script>start()'))
      return block ? (JSON.parse(block[1] ?? '[]') as unknown[]) : null
    }
    const user = { url: '/api/mdm/v2/user/info', body: {} }

    // The device's page: the frame's user and the device, by the id the router reads (decoded).
    expect(requestsOf('/devices/3f6d%20a/')).toEqual([
      user,
      { url: '/api/mdm/v2/device/info', body: { clientid: '3f6d a' } },
    ])
    // Lists are the screens' own, asked for with their code.
    expect(requestsOf('/devices')).toEqual([user])
    expect(requestsOf('/apps', 'device=3f6d')).toEqual([user])
    expect(requestsOf('/account')).toEqual([user])
    expect(requestsOf('/admin/users')).toEqual([user])
    // Nothing that needs a session on the pages before sign-in, nor where there is no screen.
    expect(requestsOf('/login')).toBeNull()
    expect(requestsOf('/reset-password', 'token=abc')).toBeNull()
    expect(requestsOf('/nothing/here')).toBeNull()
    // An id that cannot be decoded is not guessed at; one with markup cannot end the block.
    expect(requestsOf('/devices/%E0%A4%A')).toEqual([user])
    const page = pageFor('/devices/%3C%2Fscript%3E$%26', 'en')
    expect(page).toContain('{"clientid":"\\u003c/script>$&"}')
  })
})
