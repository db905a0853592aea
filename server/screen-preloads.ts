import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { z } from 'zod'
import { preferredLanguage } from '../contract/languages.ts'
import {
  DEVICE_SCREEN_PATH,
  DEVICE_SCREEN_RENDERER,
  FIRST_REQUESTS_ID,
  firstRequests,
  MODULE_CHUNKS_FILE,
  PRELOADS_ID,
  SCREENS,
  screenAt,
  SHELL_TEXTS,
  SIGNED_IN_AREA_MODULE,
  SIGNED_IN_AREA_TEXTS,
  type ScreenName,
} from '../contract/screens.ts'
import { escapeHtml } from './mdm/views/html.ts'
import { API_PREFIX } from './proxy.ts'
import { startupFrame, type FrameText } from './startup-frame.ts'

/** Vite's build manifest (build.manifest): each chunk's file, the chunks it imports, its CSS. */
const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    imports: z.array(z.string()).optional(),
    css: z.array(z.string()).optional(),
  }),
)
type Manifest = z.infer<typeof manifestSchema>

/** A text file of the build: nested objects of strings. */
const textsSchema = z.record(z.string(), z.unknown())

/** build/module-chunks.ts: the file each module of the project is in. */
const moduleChunksSchema = z.record(z.string(), z.string())

/**
 * The manifest's key for a module: its own when it is a chunk of its own, else that of the
 * shared chunk the build grouped it into (vite.config.ts), found by its file.
 */
function keyOf(manifest: Manifest, chunks: Record<string, string>, module: string): string {
  if (manifest[module]) return module
  const file = chunks[module]
  return Object.keys(manifest).find((key) => manifest[key]?.file === file) ?? module
}

/** Every file a chunk needs: its own, those of the chunks it imports, and their CSS. */
function filesOf(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key]
  if (!chunk || into.has(chunk.file)) return into
  into.add(chunk.file)
  for (const css of chunk.css ?? []) into.add(css)
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, into)
  return into
}

/** The language the page will most likely start in: the one the browser prefers, else English. */
function languageOf(acceptLanguage: string | undefined): 'en' | 'de' {
  return preferredLanguage(acceptLanguage) ?? 'en'
}

/**
 * How the page announces a screen's files. Texts (JSON) are preloaded as what `fetch` will ask
 * for. Code and styles are listed in a data block (`#portal-preloads`), placed before the page's
 * start script, which reads it as the page is parsed and fetches them once the page has painted
 * (build/first-paint.ts), so they never hold up the first paint, whatever the connection; a
 * device's page asks for its styles at once, for the device it shows early.
 */
function announce(files: readonly string[]): { links: string; block: string | null } {
  const texts = files.filter((file) => file.endsWith('.json'))
  const code = files.filter((file) => !file.endsWith('.json'))
  const links = texts.map(
    (file) => `<link rel="preload" as="fetch" crossorigin href="/${escapeHtml(file)}">`,
  )
  const block = code.length
    ? dataBlock(
        PRELOADS_ID,
        code.map((file) => `/${file}`),
      )
    : null
  return { links: links.join('\n    '), block }
}

/** JSON in a data block: `<` is escaped so nothing in it can end the element. */
function dataBlock(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(/</g, '\\u003c')
  return `<script type="application/json" id="${id}">${json}</script>`
}

/**
 * The API requests the screen makes first (contract/screens.ts), with their addresses, for the
 * page's start script to send in a signed-in tab while the portal's code loads: the screen's
 * data then arrives alongside its code, not a round trip after it. None for a public page. With
 * the build's renderer of a device's page, the device's request goes to the server's renderer
 * (server/first-screen.ts), which answers with the page as well.
 */
function requestsBlock(path: string, rendersDevice: boolean): string | null {
  const requests = firstRequests(path).map(({ path: apiPath, body }) => ({
    url: `${API_PREFIX}/${apiPath}`,
    body,
    // Sent to the server's renderer instead, which asks the service and answers with the page too.
    ...(rendersDevice && apiPath === 'device/info' ? { render: DEVICE_SCREEN_PATH } : {}),
  }))
  return requests.length ? dataBlock(FIRST_REQUESTS_ID, requests) : null
}

/**
 * The texts of a build by language and locale file (`locales/<language>/<file>.json`, hashed by
 * the build, found through its manifest), each read once; null for a file that is missing or
 * broken, whose words the page then goes without.
 */
export function buildTexts(distDir: string, manifest: Manifest) {
  const textFiles = new Map<string, Record<string, unknown> | null>()
  return (language: string, namespace: string): Record<string, unknown> | null => {
    const key = `locales/${language}/${namespace}.json`
    if (!textFiles.has(key)) {
      const file = manifest[key]?.file
      let texts: Record<string, unknown> | null = null
      try {
        if (file) texts = textsSchema.parse(JSON.parse(readFileSync(join(distDir, file), 'utf8')))
      } catch {
        // A text file that is missing or broken: the page goes without those words.
      }
      textFiles.set(key, texts)
    }
    return textFiles.get(key) ?? null
  }
}

/** The build's manifest (build.manifest), or null for a folder without one. */
export function readManifest(distDir: string): Manifest | null {
  const manifestFile = join(distDir, '.vite', 'manifest.json')
  if (!existsSync(manifestFile)) return null
  return manifestSchema.parse(JSON.parse(readFileSync(manifestFile, 'utf8')))
}

/**
 * The page for an address, with `<link>`s that announce its screen's code, styles and texts, so
 * the browser fetches them while it loads the portal's own code instead of one after the other.
 * Without a build manifest the page goes out as built.
 */
export function screenPages(distDir: string) {
  const manifest = readManifest(distDir)
  if (!manifest) return null
  const chunksFile = join(distDir, MODULE_CHUNKS_FILE)
  const chunks = existsSync(chunksFile)
    ? moduleChunksSchema.parse(JSON.parse(readFileSync(chunksFile, 'utf8')))
    : {}
  const page = readFileSync(join(distDir, 'index.html'), 'utf8')
  const rendersDevice = existsSync(join(distDir, DEVICE_SCREEN_RENDERER))
  // The first file and all it imports (the page's entry, or the shared chunk its script was
  // grouped into): not announced again for a screen. The page's start script asks for the entry
  // itself, and the entry's styles are in the page; the code it imports (the bundler's runtime)
  // the browser would find only once the entry has arrived and been read, a round trip later on
  // every page, so that is announced on every page, first.
  const entryKey = keyOf(manifest, chunks, 'src/main.tsx')
  const shell = filesOf(manifest, entryKey)
  filesOf(manifest, 'index.html', shell)
  const entry = (manifest[entryKey] ?? manifest['index.html'])?.file
  const entryImports = [...shell].filter((file) => file.endsWith('.js') && file !== entry)

  const linksFor = (name: ScreenName | undefined, language: 'en' | 'de') => {
    const screen = name ? SCREENS[name] : undefined
    const languages = language === 'en' ? ['en'] : [language, 'en']
    const texts = (namespaces: readonly string[]) =>
      namespaces.flatMap((ns) => languages.map((lang) => `locales/${lang}/${ns}.json`))
    // The shell's texts on every page: an address with no screen still shows its "not found".
    const keys = [...texts(SHELL_TEXTS)]
    if (screen) {
      keys.push(
        ...(screen.area === 'public' ? [] : [SIGNED_IN_AREA_MODULE]),
        `src/app/routes/${screen.module}.tsx`,
        ...texts(screen.namespaces),
        // The frame's texts are fetched in the page's language only (en and de have the same keys).
        ...(screen.area !== 'public'
          ? SIGNED_IN_AREA_TEXTS.map((part) => `locales/${language}/${part}.json`)
          : []),
      )
    }
    const files = new Set<string>()
    for (const key of keys) filesOf(manifest, keyOf(manifest, chunks, key), files)
    return announce([...entryImports, ...[...files].filter((file) => !shell.has(file))])
  }

  const textsOf = buildTexts(distDir, manifest)
  const textIn =
    (language: string): FrameText =>
    (key) => {
      const [namespace = '', path = ''] = key.split(':')
      let value: unknown = textsOf(language, namespace)
      for (const part of path.split('.')) {
        value =
          typeof value === 'object' && value !== null
            ? (value as Record<string, unknown>)[part]
            : undefined
      }
      // A text with a placeholder needs what only the portal knows: it is left out.
      return typeof value === 'string' && !value.includes('{{') ? value : null
    }

  return (
    path: string,
    acceptLanguage: string | undefined,
    query: URLSearchParams = new URLSearchParams(),
  ): string => {
    const language = languageOf(acceptLanguage)
    const name = screenAt(path) ?? undefined
    const { links, block } = linksFor(name, language)
    const frame = startupFrame(
      name ? { name, area: SCREENS[name].area } : null,
      textIn(language),
      query,
    )
    let result = page
      .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
      .replace(/(<div id="root">)[\s\S]*(<\/div>\s*<\/body>)/, `$1${frame.html}$2`)
    // Before the start script, which reads them as the page is parsed.
    for (const data of [block, requestsBlock(path, rendersDevice)]) {
      if (data) result = result.replace(/<title>/, (title) => `${data}\n    ${title}`)
    }
    if (frame.title)
      result = result.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(frame.title)}</title>`)
    return links ? result.replace(/\s*<\/head>/, `\n    ${links}\n  </head>`) : result
  }
}
