import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build } from 'vite'
import { afterAll, expect, test } from 'vitest'
import { stylesheetPreload } from './stylesheet-preload.ts'

const root = mkdtempSync(join(tmpdir(), 'portal-preload-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

test("a lazy chunk's stylesheet is loaded by the portal's helper instead of Vite's", async () => {
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><body><script type="module" src="/main.js"></script></body></html>',
  )
  writeFileSync(join(root, 'main.js'), "import('./screen.js').then((screen) => screen.show())\n")
  writeFileSync(join(root, 'screen.js'), "import './screen.css'\nexport const show = () => 1\n")
  writeFileSync(join(root, 'screen.css'), '.screen { color: red }\n')

  const result = await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [stylesheetPreload()],
    build: { write: false, minify: false, modulePreload: false },
  })
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((each) =>
    'output' in each ? each.output : [],
  )
  const entry = outputs.find((chunk) => chunk.type === 'chunk' && chunk.isEntry)
  const code = entry?.type === 'chunk' ? entry.code : ''
  // The dynamic import waits for the screen's stylesheet, through the portal's helper.
  expect(code).toMatch(/assets\/screen-[\w-]+\.css/)
  expect(code).toContain('The stylesheet')
  expect(code).not.toContain('vite:preloadError')
})
