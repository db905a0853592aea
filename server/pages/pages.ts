import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { matchPath } from 'react-router'
import { LANGUAGES, type Language } from '../../contract/languages.ts'
import { AREA_HOMES, SCREENS, type ScreenName } from '../../contract/screens.ts'
import { escapeHtml } from '../shared/html.ts'

/** What the build's renderer (the portal's own page renderer, built apart) answers for an address. */
interface RenderedPage {
  html: string
  title: string
  /** What the page is, for the `description` of its head, as text. */
  description: string
  /** What the page says should the portal's code never take it over, as text. */
  stalled: string
  routes: string[]
  /** Which drawing of its screen it is (`pageOf`): the portal takes over only the same. */
  page: string
}
type RenderPage = (url: string, language: Language, settings: unknown) => Promise<RenderedPage>

/** One file of Vite's manifest (`.vite/manifest.json`). */
interface ManifestChunk {
  file: string
  css?: string[]
  imports?: string[]
  dynamicImports?: string[]
}

/** A page the server sends: its status and its HTML. */
export interface Page {
  status: number
  html: string
}

const NOT_FOUND = 'not-found'
/** An address no screen has: its page says "not found". */
export const NOT_FOUND_PATH = '/not-found'
/** The files of the routes that are no screen of the table. */
const ROUTE_FILES: Record<string, string> = {
  'signed-in': 'src/app/signed-in-area.tsx',
  'help-desk': 'src/app/signed-in-area.tsx',
  [NOT_FOUND]: 'src/app/routes/not-found.tsx',
}

/** The texts every page shows, and those of the signed-in frame, as the portal loads them. */
const SHELL_TEXTS = ['common', 'errors', 'auth']
const FRAME_TEXTS: Record<string, string[]> = {
  'signed-in': ['common.frame'],
  'help-desk': ['common.frame'],
}

/**
 * The pages drawn, by key: each screen at its address (any value stands for a part of it), a
 * password link as one whose owner is still being asked for (an invitation's apart, its words
 * differ), and a page not found.
 */
const DRAWN: Record<string, string> = {
  ...Object.fromEntries(
    Object.entries(SCREENS).map(([name, { path }]) => [name, path.replace(/:\w+/g, 'page')]),
  ),
  resetPassword: '/reset-password?token=link',
  invitation: '/reset-password?token=link&join=1',
  [NOT_FOUND]: NOT_FOUND_PATH,
}

/** The key of the page drawn for an address and its query. */
function keyOf(path: string, query: URLSearchParams): string {
  if ((Object.values(AREA_HOMES) as string[]).some((home) => matchPath(home, path))) return 'login'
  const name = (Object.keys(SCREENS) as ScreenName[]).find((each) =>
    matchPath(SCREENS[each].path, path),
  )
  if (name === 'resetPassword' && ['1', 'true'].includes(query.get('join') ?? '')) {
    return 'invitation'
  }
  return name ?? NOT_FOUND
}

/**
 * Every file a page's routes need, by Vite's manifest: their code and what it imports, their
 * styles, and the texts of the page's language, less what the page's entry already brings.
 */
function filesOf(manifest: Record<string, ManifestChunk>, modules: string[]) {
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
  const shared = new Set([...code, ...styles])
  for (const module of modules) visit(module)
  // What the entry imports lazily and the page's code already holds (a file that re-exports it)
  // comes beside the rest, rather than a round trip after the portal has started.
  for (const key of manifest['index.html']?.dynamicImports ?? []) {
    const chunk = manifest[key]
    const held = chunk?.imports?.every((each) => code.has(manifest[each]?.file ?? each))
    if (chunk && held) code.add(chunk.file)
  }
  return {
    code: [...code].filter((file) => !shared.has(file)),
    styles: [...styles].filter((file) => !shared.has(file)),
  }
}

/** The stylesheets the build made, as the drawn pages carry them. */
export function builtStyles(distDir: string): string[] {
  const assets = join(distDir, 'assets')
  if (!existsSync(assets)) return []
  return readdirSync(assets)
    .filter((file) => file.endsWith('.css'))
    .map((file) => readFileSync(join(assets, file), 'utf8'))
}

/**
 * A stylesheet of the build inside the page: the page paints as soon as it arrives, with no
 * request for its styles first (on the bench's mobile profile its largest paint comes about a
 * second sooner). `data-href` names the file, for the portal's module loader, which adds a
 * route's stylesheets only when no link to them is in the page (src/main.tsx adds those links).
 */
function inlineStyle(distDir: string, file: string): string {
  const sheet = readFileSync(join(distDir, file), 'utf8')
  return `<style data-href="/${file}">${sheet}</style>`
}

/**
 * The portal's pages, drawn once as the server starts: each screen in each language, by the
 * portal's own components through React Router's static handler, with
 * the portal's settings. Each page lists the code and styles of its routes, so the browser asks
 * for them beside the entry instead of after it. The portal then takes over the markup.
 */
export async function renderPages(
  distDir: string,
  settings: unknown,
  /** The organisation's files in the page's head. */
  dress: (html: string, language: Language) => string = (html) => html,
) {
  const renderer = join(distDir, '.server', 'render-page.js')
  const built = readFileSync(join(distDir, 'index.html'), 'utf8')
  const templates = new Map(LANGUAGES.map((language) => [language, dress(built, language)]))
  const templateOf = (language: Language) => templates.get(language) ?? built
  const pages = new Map<string, string>()
  const pageFor = (path: string, query: URLSearchParams, language: Language): Page => {
    const key = keyOf(path, query)
    return {
      status: key === NOT_FOUND ? 404 : 200,
      html: pages.get(`${key}/${language}`) ?? templateOf(language),
    }
  }
  // A build without the renderer sends the page as it is, and the portal draws it in the browser.
  if (!existsSync(renderer)) return pageFor
  const { renderPage } = (await import(pathToFileURL(renderer).href)) as {
    renderPage: RenderPage
  }
  const manifest = JSON.parse(
    readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>
  for (const language of LANGUAGES) {
    for (const [key, address] of Object.entries(DRAWN)) {
      const {
        html,
        title,
        description,
        stalled,
        routes,
        page: drawing,
      } = await renderPage(`http://portal${address}`, language, settings)
      const modules = routes.flatMap((route) => {
        const screen = route in SCREENS ? SCREENS[route as ScreenName] : null
        const file = screen ? `src/app/routes/${screen.module}.tsx` : ROUTE_FILES[route]
        // The page's texts: the shell's, the signed-in frame's, the screen's.
        const texts = screen
          ? screen.namespaces
          : route === 'root'
            ? SHELL_TEXTS
            : FRAME_TEXTS[route]
        return [
          ...(file ? [file] : []),
          ...(texts ?? []).map((text) => `locales/${language}/${text}.json`),
        ]
      })
      const { code, styles } = filesOf(manifest, modules)
      const links = [
        ...styles.map((file) => inlineStyle(distDir, file)),
        ...code.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
      ]
      const page = templateOf(language)
        .replace('<html lang="en">', `<html lang="${language}">`)
        .replace(/<title>.*<\/title>/, () => `<title>${title}</title>`)
        .replace(
          /<meta name="description" content="[^"]*"/,
          () => `<meta name="description" content="${escapeHtml(description)}"`,
        )
        .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g, (_link, file: string) =>
          inlineStyle(distDir, file),
        )
        .replace('</head>', () => `${links.join('')}</head>`)
        // Inert until the portal takes it over: a click or a keystroke before then would be lost.
        // Replaced by a function: the page's texts (the organisation's among them) may hold `$&`.
        .replace(
          '<div id="root"></div>',
          () =>
            `<div id="root" inert data-page="${escapeHtml(drawing)}">${html}</div>` +
            `<p class="start-stalled">${escapeHtml(stalled)}</p>`,
        )
      pages.set(`${key}/${language}`, page)
    }
  }
  return pageFor
}
