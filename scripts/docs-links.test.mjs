/**
 * README.md is the door and docs/ the house: a newcomer follows their links and the files they
 * name. A link to a page, a heading (`#anchor`) or a file that is no longer there fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { root } from './env.mjs'

/** The anchors GitHub gives a page's headings (its slugs) and its `<a id>`s. */
export function anchorsOf(markdown) {
  const anchors = new Set()
  const seen = new Map()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced
    if (fenced) continue
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1])
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!heading) continue
    const slug = heading[1]
      .toLowerCase()
      .replace(/<[^>]*>/g, '')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const count = seen.get(slug) ?? 0
    seen.set(slug, count + 1)
    anchors.add(count === 0 ? slug : `${slug}-${count}`)
  }
  return anchors
}

/** The targets of a page's markdown links, fenced code and inline code aside. */
export function linksOf(markdown) {
  const text = markdown.replace(/^\s*```[\s\S]*?^\s*```/gm, '').replace(/`[^`\n]*`/g, '')
  return [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1])
}

/** Paths in inline code that name a file or folder of the repository, from its root. */
const REPO_FOLDERS = /^(src|server|contract|locales|e2e|scripts|build|bench|public|docs)\//
export function namedFilesOf(markdown) {
  return [...markdown.matchAll(/`([^`\s]+)`/g)]
    .map((match) => match[1].replace(/[.,:;]+$/, ''))
    .filter((name) => REPO_FOLDERS.test(name) && !/[*<>…{}]/.test(name))
}

/** Every broken link of the pages: `page: target (why)`. */
export function brokenLinks(base, pages) {
  const broken = []
  const anchorCache = new Map()
  const anchors = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(readFileSync(file, 'utf8')))
    return anchorCache.get(file)
  }
  for (const page of pages) {
    const file = join(base, page)
    const markdown = readFileSync(file, 'utf8')
    for (const link of linksOf(markdown)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue
      const [path, anchor] = link.split('#')
      const target = path ? join(dirname(file), decodeURIComponent(path)) : file
      if (!target.startsWith(base) || !existsSync(target)) {
        broken.push(`${page}: ${link} (no such file)`)
      } else if (anchor !== undefined && target.endsWith('.md')) {
        if (!anchors(target).has(decodeURIComponent(anchor))) {
          broken.push(`${page}: ${link} (no heading ${relative(base, target)}#${anchor})`)
        }
      }
    }
    for (const name of namedFilesOf(markdown)) {
      if (!existsSync(join(base, name))) broken.push(`${page}: \`${name}\` (no such file)`)
    }
  }
  return broken
}

const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
]

describe('the links of README.md and docs/', () => {
  it('lead to pages, headings and files that are there', () => {
    expect(pages.length).toBeGreaterThan(1)
    expect(brokenLinks(root.replace(/\/$/, ''), pages)).toEqual([])
  })

  it('are found, and a broken one is reported', () => {
    const markdown = [
      '# A page',
      '## Its second heading',
      '## Its second heading',
      'See [there](#its-second-heading-1), [the spec](https://example.com/x#y),',
      '[gone](#no-such-heading), [a file](../gone.md) and `src/nowhere.ts`.',
      '```',
      '[in a fence](#ignored)',
      '```',
    ].join('\n')
    expect([...anchorsOf(markdown)]).toEqual([
      'a-page',
      'its-second-heading',
      'its-second-heading-1',
    ])
    expect(linksOf(markdown)).toEqual([
      '#its-second-heading-1',
      'https://example.com/x#y',
      '#no-such-heading',
      '../gone.md',
    ])
    expect(namedFilesOf(markdown)).toEqual(['src/nowhere.ts'])
  })

  it("reads GitHub's anchors of headings with code, apostrophes and commas", () => {
    const anchors = anchorsOf(
      '## The organisation\'s own portal\n## `npm test`\n## Map, theme, installing\n<a id="paging"></a>',
    )
    expect([...anchors].sort()).toEqual([
      'map-theme-installing',
      'npm-test',
      'paging',
      'the-organisations-own-portal',
    ])
  })
})
