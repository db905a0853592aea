/**
 * The size of the start of a page in production lines: every file that takes part in it
 * (`TAKES_PART`) and the files that the "First page" section of docs/architecture.md names (in backticks: a file, a folder, or a pattern with `*` in its last part), tests,
 * type declarations and non-code files left out. Lines count as `wc -l` counts them; the lines of
 * code alone (no blank lines, no comments) are counted beside them. The section is where the
 * start is described, so what it names is what a maintainer must know.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { root } from '../env.mjs'

export const SECTION = 'First page'

/**
 * Every file that takes part in the start of a page, named in the section or not: the server's
 * drawing and its methods, the screens table, the router, its guards and loaders, the root and
 * the entry. A file the section leaves unnamed still counts.
 */
export const TAKES_PART = [
  'index.html',
  'contract/screens.ts',
  'server/pages/pages.ts',
  'server/pages/page-methods.ts',
  'src/app/render-page.tsx',
  'src/app/router.tsx',
  'src/app/guards.ts',
  'src/app/start-queries.ts',
  'src/app/root.tsx',
  'src/main.tsx',
]
/** The page that holds the section, from the repository's root. */
export const DOC = 'docs/architecture.md'
const CODE = /\.(ts|tsx|js|mjs|cjs|html)$/
const NOT_PRODUCTION = /(\.(test|spec)\.[^/]+$|\.d\.ts$|(^|\/)(e2e|bench|scripts|dist)\/)/

/** The text of the markdown section titled `title` (any level), up to the next of its level. */
export function section(markdown, title) {
  const lines = markdown.split('\n')
  const start = lines.findIndex((line) => new RegExp(`^#+ ${title}\\s*$`).test(line))
  if (start < 0) return ''
  const level = /^#+/.exec(lines[start])[0].length
  const end = lines.findIndex(
    (line, index) => index > start && /^#+ /.test(line) && /^#+/.exec(line)[0].length <= level,
  )
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n')
}

/** The paths a text names in backticks: anything with a slash or a code file's ending. */
export function namedPaths(text) {
  const names = [...text.matchAll(/`([^`\s]+)`/g)].map((match) => match[1])
  return [...new Set(names.filter((name) => name.includes('/') || CODE.test(name)))]
}

/** The lines of a file as `wc -l` counts them (a last line without its newline counts too). */
export function fileLines(source) {
  if (source === '') return 0
  return source.split('\n').length - (source.endsWith('\n') ? 1 : 0)
}

/** Lines that are neither blank nor only comment (`//`, `/* … *\/`, `<!-- … -->`). */
export function productionLines(source) {
  let inBlock = false
  let count = 0
  for (const raw of source.split('\n')) {
    let line = raw.trim()
    if (inBlock) {
      const end = line.indexOf('*/')
      if (end < 0) continue
      inBlock = false
      line = line.slice(end + 2).trim()
    }
    while (line.startsWith('/*')) {
      const end = line.indexOf('*/', 2)
      if (end < 0) {
        inBlock = true
        line = ''
        break
      }
      line = line.slice(end + 2).trim()
    }
    if (line === '' || line.startsWith('//') || /^<!--.*-->$/.test(line)) continue
    count++
  }
  return count
}

function filesOf(path) {
  return readdirSync(path, { recursive: true })
    .map((name) => join(path, String(name)))
    .filter((file) => statSync(file).isFile())
}

/** The code files of the repository at `base` that `name` stands for (none when it is no file). */
export function resolveNamed(base, name) {
  const clean = name.replace(/^\/+/, '').replace(/\/+$/, '')
  // An address such as `/` names no file; a build's output is no source.
  if (clean === '' || /^dist(\/|$)/.test(clean)) return []
  let files = []
  if (clean.includes('*')) {
    const slash = clean.lastIndexOf('/')
    const folder = join(base, clean.slice(0, slash + 1))
    const pattern = new RegExp(
      `^${clean
        .slice(slash + 1)
        .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
        .replace(/\*/g, '[^/]*')}$`,
    )
    if (existsSync(folder) && statSync(folder).isDirectory()) {
      files = readdirSync(folder)
        .filter((entry) => pattern.test(entry))
        .map((entry) => join(folder, entry))
    }
  } else {
    const path = join(base, clean)
    if (existsSync(path)) files = statSync(path).isDirectory() ? filesOf(path) : [path]
  }
  return files
    .map((file) => file.slice(base.length).replace(/^\/+/, ''))
    .filter((file) => CODE.test(file) && !NOT_PRODUCTION.test(file))
}

/** The files with their lines and lines of code, largest first, and the totals of both. */
export function startOfPageLines(base = root) {
  const text = section(readFileSync(join(base, DOC), 'utf8'), SECTION)
  const named = [...TAKES_PART, ...namedPaths(text)]
  const files = [...new Set(named.flatMap((name) => resolveNamed(base, name)))]
  const counted = files
    .map((file) => {
      const source = readFileSync(join(base, file), 'utf8')
      return { file, lines: fileLines(source), code: productionLines(source) }
    })
    .sort((a, b) => b.lines - a.lines)
  const sum = (key) => counted.reduce((total, file) => total + file[key], 0)
  return { section: SECTION, doc: DOC, files: counted, lines: sum('lines'), code: sum('code') }
}
