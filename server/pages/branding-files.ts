import type { FastifyInstance } from 'fastify'
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Language } from '../../contract/languages.ts'
import { accentSheet } from './branding-colors.ts'
import { isBranded, type Branding } from './branding.ts'
import { product } from '../shared/plain-page.ts'

const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * An SVG logo opened on its own is a document of the portal's origin: the policy lets it draw
 * (its own inline styles and embedded images) and run nothing, in a sandbox of its own. As an
 * `<img>` the browser runs no script in it anyway.
 */
export const LOGO_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'none'; sandbox"

interface Manifest {
  name?: string
  short_name?: string
  theme_color?: string
  icons?: unknown[]
  [key: string]: unknown
}

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16)
}

/** The page in a language, pointing at the organisation's files instead of the portal's own. */
export function brandingDress(branding: Branding) {
  const { logo, accent } = branding
  const sheet = accent ? accentSheet(accent) : null
  const sheetPath = sheet ? `/branding/accent-${hashOf(sheet)}.css` : null
  const dress = (html: string, language: Language = 'en') => {
    if (!isBranded(branding)) {
      return html.replace(
        /<link rel="manifest" href="[^"]*" \/>/,
        `<link rel="manifest" href="/manifest-${language}.webmanifest" />`,
      )
    }
    let page = html.replace(
      /<link rel="manifest" href="[^"]*" \/>/,
      `<link rel="manifest" href="/branding/manifest-${language}.webmanifest" />`,
    )
    if (logo) {
      page = page.replace(
        /<link rel="icon" href="[^"]*" type="[^"]*" \/>/,
        `<link rel="icon" href="${logo.path}" type="${logo.type}" />`,
      )
    }
    if (accent) {
      page = page.replace(
        /(<meta name="theme-color" content=")[^"]*(" media="\(prefers-color-scheme: light\)" \/>)/,
        `$1${accent.light.primary}$2`,
      )
    }
    // After the portal's own sheet, so its colours take their place.
    if (sheetPath) {
      page = page.replace('</head>', `<link rel="stylesheet" href="${sheetPath}"></head>`)
    }
    return page
  }
  return { sheet, sheetPath, dress }
}

/**
 * The organisation's files, from the portal's own origin: the logo and the accent's sheet under
 * names that change with their content (cached for a year), and the web app manifest in each
 * language with the organisation's name, colour and logo. Answers what the pages then link.
 */
export function brandingFiles(app: FastifyInstance, branding: Branding, distDir: string) {
  const { sheet, sheetPath, dress } = brandingDress(branding)
  const manifestFile = join(distDir, 'manifest.webmanifest')
  const base = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest)
    : {}
  /** The built manifest in a language: its words are the visitor's, as the pages' are. */
  const localized = (language: Language): Manifest => ({
    ...base,
    name: product(language).name,
    short_name: product(language).shortName,
    description: product(language).description,
  })
  const serveManifest = (path: string, manifestOf: (language: Language) => Manifest) =>
    app.get<{ Params: { language: string } }>(path, (request, reply) => {
      const { language } = request.params
      if (language !== 'en' && language !== 'de') return reply.callNotFound()
      return reply
        .header('cache-control', 'no-cache')
        .type('application/manifest+json; charset=utf-8')
        .send(JSON.stringify(manifestOf(language)))
    })
  if (!isBranded(branding)) {
    serveManifest('/manifest-:language.webmanifest', localized)
    return { dress }
  }
  const { logo, accent, name } = branding
  if (logo) {
    app.get(logo.path, (_request, reply) =>
      reply
        .header('cache-control', IMMUTABLE)
        .header('content-security-policy', LOGO_POLICY)
        .type(logo.type)
        .send(logo.content),
    )
  }
  if (sheet && sheetPath) {
    app.get(sheetPath, (_request, reply) =>
      reply.header('cache-control', IMMUTABLE).type('text/css; charset=utf-8').send(sheet),
    )
  }
  const manifestOf = (language: Language): Manifest => ({
    ...localized(language),
    ...(name ? { name: name[language], short_name: name[language] } : {}),
    ...(accent ? { theme_color: accent.light.primary } : {}),
    ...(logo
      ? {
          icons: [
            {
              src: logo.path,
              sizes: logo.size ? `${logo.size.width}x${logo.size.height}` : 'any',
              type: logo.type,
              purpose: 'any',
            },
          ],
        }
      : {}),
  })
  serveManifest('/branding/manifest-:language.webmanifest', manifestOf)

  return { dress }
}
