import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { entryAsset } from './server-load.mjs'

describe('entryAsset', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))

  it("names the built page's entry script, after the runtime it loads first", () => {
    dir = mkdtempSync(join(tmpdir(), 'bench-'))
    writeFileSync(
      join(dir, 'index.html'),
      '<script src="/theme.js"></script>' +
        '<script type="module" crossorigin src="/assets/rolldown-runtime-X1.js"></script>' +
        '<script type="module" crossorigin src="/assets/shell-Y2.js"></script>',
    )
    expect(entryAsset(dir)).toBe('/assets/shell-Y2.js')
  })

  it('names the entry the page starts after its first paint', () => {
    dir = mkdtempSync(join(tmpdir(), 'bench-'))
    writeFileSync(
      join(dir, 'index.html'),
      '<style>.a{}</style><script>(function(){var e=document.createElement("script");' +
        'e.type="module";e.src="/assets/shell-Y2.js";document.head.appendChild(e)})()</script>',
    )
    expect(entryAsset(dir)).toBe('/assets/shell-Y2.js')
  })

  it("takes the entry from Vite's manifest when the build wrote one", () => {
    dir = mkdtempSync(join(tmpdir(), 'bench-'))
    writeFileSync(join(dir, 'index.html'), '<script type="module" src="/assets/other.js"></script>')
    mkdirSync(join(dir, '.vite'))
    writeFileSync(
      join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/app/routes/login.tsx': { file: 'assets/login-A1.js', isDynamicEntry: true },
        'index.html': { file: 'assets/index-B2.js', isEntry: true, src: 'index.html' },
        'src/styles/app.css': { file: 'assets/app-C3.css', isEntry: true },
      }),
    )
    expect(entryAsset(dir)).toBe('/assets/index-B2.js')
  })

  it('says so when the build names no entry script', () => {
    dir = mkdtempSync(join(tmpdir(), 'bench-'))
    writeFileSync(join(dir, 'index.html'), '<script src="/theme.js"></script>')
    expect(() => entryAsset(dir)).toThrow('The build names no entry script.')
  })
})
