import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { matchPath } from 'react-router'
import type { Manifest } from 'vite'
import { LANGUAGES, type Language } from '../../contract/languages.ts'
import { AREA_HOMES, SCREENS } from '../../contract/screens.ts'

const NOT_FOUND = 'not-found'
/** An address no screen has: its page says "not found". */
export const NOT_FOUND_PATH = '/not-found'

/** The pages drawn, by key: each screen (`page` for any part), each password link's, not found. */
const DRAWN: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(SCREENS).map(([name, { path }]) => [name, path.replace(/:\w+/g, 'page')]),
  ),
  resetPassword: '/reset-password?token=link',
  invitation: '/reset-password?token=link&join=1',
  resetPasswordAccount: '/reset-password?token=link&email=link',
  invitationAccount: '/reset-password?token=link&join=1&email=link',
  [NOT_FOUND]: NOT_FOUND_PATH,
}

/** The key of the page drawn for an address; an area's home leads a visitor to sign-in. */
function keyOf(path: string, query: URLSearchParams): string {
  if (Object.values(AREA_HOMES).some((home) => matchPath(home, path))) return 'login'
  const name = Object.entries(SCREENS).find(([, screen]) => matchPath(screen.path, path))?.[0]
  if (name !== 'resetPassword') return name ?? NOT_FOUND
  const kind = /^(1|true)$/.test(query.get('join') ?? '') ? 'invitation' : name
  return query.get('email')?.trim() || query.get('account') === '1' ? `${kind}Account` : kind
}

/** A page's files by Vite's manifest: its routes' code less the entry's, and the styles of both. */
function filesOf(manifest: Manifest, modules: string[]) {
  const code = new Set<string>()
  const styles = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || code.has(chunk.file)) return
    code.add(chunk.file)
    for (const sheet of chunk.css ?? []) styles.add(sheet)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit('index.html')
  const shared = new Set(code)
  for (const module of modules) visit(module)
  // What the entry imports lazily and the page's code already holds (a file that re-exports it)
  // comes beside the rest, rather than a round trip after the portal has started.
  for (const key of manifest['index.html']?.dynamicImports ?? []) {
    const chunk = manifest[key]
    const held = chunk?.imports?.every((each) => code.has(manifest[each]?.file ?? each))
    if (chunk && held) code.add(chunk.file)
  }
  return { code: [...code].filter((file) => !shared.has(file)), styles: [...styles] }
}

/** index.html's slots filled (by a function: texts may hold `$&`), a drawn page's styles inline. */
export function fill(template: string, lang: Language, page?: { head: string; html: string }) {
  const slots: Record<string, string> = { lang, html: '<div id="root"></div>', ...page }
  return template.replace(
    /<!--app-(\w+)-->|<link rel="stylesheet" crossorigin href="[^"]+">/g,
    (link, slot?: string) => (slot ? (slots[slot] ?? '') : page ? '' : link),
  )
}

/** The portal's pages, drawn once as the server starts (undrawn without the build's renderer). */
export async function renderPages(
  distDir: string,
  settings: unknown,
  /** The organisation's files in the page's head. */
  dress: (html: string, language: Language) => string = (html) => html,
) {
  const read = (file: string) => readFileSync(join(distDir, file), 'utf8')
  const built = read('index.html')
  const file = join(distDir, '.server', 'render-page.js')
  const renderer = existsSync(file)
    ? ((await import(pathToFileURL(file).href)) as typeof import('../../src/app/render-page.tsx'))
    : null
  const manifest = renderer ? (JSON.parse(read('.vite/manifest.json')) as Manifest) : {}
  const pages = new Map<string, string>()
  for (const language of LANGUAGES) {
    const template = dress(built, language)
    pages.set(language, fill(template, language))
    if (!renderer) continue
    for (const [key, address] of Object.entries(DRAWN)) {
      const page = await renderer.renderPage(`http://portal${address}`, language, settings)
      const { code, styles } = filesOf(manifest, page.files)
      const head = [
        page.head,
        // It paints as it arrives, with no request for its styles; `data-href` is for src/main.tsx.
        ...styles.map((sheet) => `<style data-href="/${sheet}">${read(sheet)}</style>`),
        // The code of its routes, fetched beside the entry rather than after it.
        ...code.map((chunk) => `<link rel="modulepreload" crossorigin href="/${chunk}">`),
      ]
      const drawn = { head: head.join(''), html: page.html }
      pages.set(`${key}/${language}`, fill(template, language, drawn))
    }
  }
  return (path: string, query: URLSearchParams, language: Language) => {
    const key = keyOf(path, query)
    const html = pages.get(`${key}/${language}`) ?? pages.get(language) ?? built
    // A link's account as the portal draws it, in its place (drawn as `link`; a reload's unknown).
    const account = key.endsWith('Account') ? renderer?.renderAccount : undefined
    const email = query.get('email')?.trim() || null
    const page = account ? html.replace(account('link'), () => account(email)) : html
    return { status: key === NOT_FOUND ? 404 : 200, html: page }
  }
}
