import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'

/** One text file of locales/: `<language>/<file>.json`, and its content. */
export interface LocaleFile {
  path: string
  source: string
}

/** Every file of `dir` (`<language>/<file>.json`), in a fixed order. */
export function readLocaleFiles(dir: string): LocaleFile[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((language) =>
      readdirSync(join(dir, language.name))
        .filter((name) => name.endsWith('.json'))
        .map((name) => `${language.name}/${name}`),
    )
    .sort()
    .map((path) => ({ path, source: readFileSync(join(dir, path), 'utf8') }))
}

/** A hash of all the texts together: any change to any file, or a file more or less, changes it. */
export function localesHash(files: readonly LocaleFile[]): string {
  const hash = createHash('sha256')
  for (const { path, source } of files) hash.update(`${path}\0${source}\0`)
  return hash.digest('base64url').slice(0, 10)
}

/** Where the build puts the texts: one folder per release, named by their hash. */
export function localesDir(hash: string): string {
  return `assets/locales/${hash}`
}

/**
 * The texts of locales/ as files of the build, at `/assets/locales/<hash>/<language>/<file>.json`
 * (`__LOCALES_URL__` + `/<language>/<file>.json` in the portal's code): one hash of all of them
 * instead of one per file, so the portal's first script carries one short address rather than a
 * table of every file's, and the files are still new addresses whenever a text changes (cached
 * for good, as everything under /assets). Vite's manifest names each file by its source
 * (`locales/en/auth.json`), where the server finds the texts it announces and shows first
 * (server/screen-preloads.ts). The dev server serves locales/ as it is.
 */
export function localeFiles(dir: string): Plugin {
  let files: LocaleFile[] = []
  let url = '/locales'
  return {
    name: 'portal-locale-files',
    config(_config, { command }) {
      if (command === 'build') {
        files = readLocaleFiles(dir)
        url = `/${localesDir(localesHash(files))}`
      }
      return { define: { __LOCALES_URL__: JSON.stringify(url) } }
    },
    generateBundle() {
      for (const { path, source } of files) {
        this.emitFile({
          type: 'asset',
          fileName: `${url.slice(1)}/${path}`,
          name: path,
          originalFileName: `locales/${path}`,
          // As data, without the indentation that is there for people.
          source: JSON.stringify(JSON.parse(source)),
        })
      }
    },
  }
}
