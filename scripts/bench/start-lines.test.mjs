import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import {
  fileLines,
  namedPaths,
  productionLines,
  resolveNamed,
  section,
  startOfPageLines,
} from './start-lines.mjs'

describe('section', () => {
  const markdown = [
    '## Architecture',
    '### Routing',
    'routes',
    '### First page',
    'first `a.ts`',
    '#### Detail',
    'deeper `b.ts`',
    '### Styling',
    'styles `c.ts`',
  ].join('\n')

  it('takes the section up to the next heading of its level, its subsections included', () => {
    expect(section(markdown, 'First page')).toBe('first `a.ts`\n#### Detail\ndeeper `b.ts`')
  })

  it('is empty when there is no such section', () => {
    expect(section(markdown, 'Benchmark')).toBe('')
  })
})

describe('namedPaths', () => {
  it('takes paths and code files in backticks, once each, and leaves other code spans', () => {
    const text =
      'See `src/app/router.tsx`, `vite.config.ts`, `build/`, `src/app/routes/*.tsx` and ' +
      '`src/app/router.tsx` again; not `createBrowserRouter` nor `<link rel="modulepreload">`.'
    expect(namedPaths(text)).toEqual([
      'src/app/router.tsx',
      'vite.config.ts',
      'build/',
      'src/app/routes/*.tsx',
    ])
  })
})

describe('line counts', () => {
  it('counts lines as wc -l does', () => {
    expect(fileLines('')).toBe(0)
    expect(fileLines('a\nb\n')).toBe(2)
    expect(fileLines('a\nb')).toBe(2)
  })

  it('counts code lines without blank lines and comments', () => {
    const source = [
      '/**',
      ' * A comment.',
      ' */',
      "import x from 'y'",
      '',
      '// a note',
      'const a = 1 /* inline */',
      '/* one line */ const b = 2',
      '<!-- html -->',
      '<div></div>',
    ].join('\n')
    expect(productionLines(source)).toBe(4)
  })
})

describe('the start of a page', () => {
  let base = ''
  afterEach(() => rmSync(base, { recursive: true, force: true }))

  const write = (path, text) => {
    mkdirSync(dirname(join(base, path)), { recursive: true })
    writeFileSync(join(base, path), text)
  }

  it("counts the files that take part and those the architecture page's section names, tests and other sections aside", () => {
    base = mkdtempSync(join(tmpdir(), 'start-lines-'))
    write('src/app/router.tsx', 'a\nb\nc\n')
    // Unnamed in the section, but part of every start.
    write('src/app/guards.ts', 'a\nb\n')
    write('src/app/routes/login.tsx', 'a\n')
    write('src/app/routes/login.test.tsx', 'a\nb\n')
    write('src/app/routes/style.css', 'a\n')
    write('build/prerender.ts', '// note\na\n')
    write('build/prerender.test.ts', 'a\n')
    write('server/other.ts', 'a\nb\n')
    write('dist/.server/render-page.js', 'a\nb\n')
    write(
      'docs/architecture.md',
      [
        '### First page',
        '`src/app/router.tsx` routes; screens in `src/app/routes/*.tsx`; the build in `build/`;',
        'a file that is gone: `server/first-screen.ts`; styles `src/app/routes/style.css`.',
        'The address `/`, and the build output `dist/.server/`, are no source.',
        '### Styling',
        '`server/other.ts`',
      ].join('\n'),
    )
    expect(resolveNamed(base, 'src/app/routes/*.tsx')).toEqual(['src/app/routes/login.tsx'])
    const result = startOfPageLines(base)
    expect(result.files.map((file) => file.file).sort()).toEqual([
      'build/prerender.ts',
      'src/app/guards.ts',
      'src/app/router.tsx',
      'src/app/routes/login.tsx',
    ])
    expect(result.lines).toBe(8)
    expect(result.code).toBe(7)
  })
})
