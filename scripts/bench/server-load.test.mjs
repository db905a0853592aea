import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
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

  it('says so when the page has no module script', () => {
    dir = mkdtempSync(join(tmpdir(), 'bench-'))
    writeFileSync(join(dir, 'index.html'), '<script src="/theme.js"></script>')
    expect(() => entryAsset(dir)).toThrow('The built page names no module script.')
  })
})
