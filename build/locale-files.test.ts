import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { afterAll, describe, expect, test } from 'vitest'
import { localeFiles, localesHash, readLocaleFiles } from './locale-files.ts'

const work = mkdtempSync(join(tmpdir(), 'portal-locales-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** A project with two languages' texts and a script that fetches one file, as i18n.ts does. */
function project(name: string, texts: Record<string, object>): string {
  const root = join(work, name)
  for (const [path, content] of Object.entries(texts)) {
    mkdirSync(join(root, 'locales', path.split('/')[0] ?? ''), { recursive: true })
    writeFileSync(join(root, 'locales', path), `${JSON.stringify(content, null, 2)}\n`)
  }
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><body><script type="module" src="/main.js"></script></body></html>',
  )
  writeFileSync(
    join(root, 'main.js'),
    'export const url = (language, file) => `${__LOCALES_URL__}/${language}/${file}.json`\n' +
      'console.log(url("en", "auth"))\n',
  )
  return root
}

async function buildProject(root: string) {
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [localeFiles(join(root, 'locales'))],
    build: { outDir: join(root, 'dist'), manifest: true, minify: false },
  })
  const dist = join(root, 'dist')
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >
  const script = readdirSync(join(dist, 'assets')).find((name) => name.endsWith('.js')) ?? ''
  return { dist, manifest, script: readFileSync(join(dist, 'assets', script), 'utf8') }
}

const TEXTS = {
  'en/auth.json': { login: { title: 'Sign in' } },
  'de/auth.json': { login: { title: 'Anmelden' } },
  'en/common.frame.json': { nav: { devices: 'Devices' } },
  'de/common.frame.json': { nav: { devices: 'Geräte' } },
}

describe('the locale files of the build', () => {
  test('lie under one folder named by their hash, which the code names once', async () => {
    const root = project('portal', TEXTS)
    const { dist, manifest, script } = await buildProject(root)
    const hash = localesHash(readLocaleFiles(join(root, 'locales')))
    expect(hash).toMatch(/^[\w-]{10}$/)

    // The code carries the folder, not a table of every file.
    expect(script).toContain(`/assets/locales/${hash}`)
    expect(script).not.toContain('__LOCALES_URL__')
    expect(script).not.toContain('auth.json')

    // Every file is there, as compact JSON, and the manifest names it by its source, where the
    // server finds the texts it announces and shows first (server/screen-preloads.ts).
    for (const [path, content] of Object.entries(TEXTS)) {
      const file = `assets/locales/${hash}/${path}`
      expect(manifest[`locales/${path}`]?.file).toBe(file)
      expect(readFileSync(join(dist, file), 'utf8')).toBe(JSON.stringify(content))
    }
  })

  test('move to a new folder when any text changes, or a file comes or goes', () => {
    const root = project('hashes', TEXTS)
    const dir = join(root, 'locales')
    const before = localesHash(readLocaleFiles(dir))
    expect(localesHash(readLocaleFiles(dir))).toBe(before)

    writeFileSync(join(dir, 'de/auth.json'), JSON.stringify({ login: { title: 'Einloggen' } }))
    const changed = localesHash(readLocaleFiles(dir))
    expect(changed).not.toBe(before)

    writeFileSync(join(dir, 'en/errors.json'), '{}')
    expect(localesHash(readLocaleFiles(dir))).not.toBe(changed)
  })
})
