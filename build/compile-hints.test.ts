import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { addHint, COMPILE_HINT, runsOnLoad } from './compile-hints.ts'

let dir = ''
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('compile hints', () => {
  test('mark the shared groups and the screens, not what one feature fetches later', () => {
    expect(runsOnLoad({ name: 'shell', facadeModuleId: null })).toBe(true)
    expect(runsOnLoad({ name: 'data', facadeModuleId: null })).toBe(true)
    expect(runsOnLoad({ name: 'employee', facadeModuleId: null })).toBe(true)
    expect(runsOnLoad({ name: 'enroll', facadeModuleId: '/p/src/app/routes/enroll.tsx' })).toBe(
      true,
    )
    expect(
      runsOnLoad({
        name: 'location-map',
        facadeModuleId: '/p/src/features/devices/details/location-map.tsx',
      }),
    ).toBe(false)
    expect(runsOnLoad({ name: 'rolldown-runtime', facadeModuleId: null })).toBe(false)
  })

  test("go on a script's first line, and its source map moves down a line with it", () => {
    dir = mkdtempSync(join(tmpdir(), 'hints-'))
    const file = join(dir, 'shell-a.js')
    writeFileSync(file, 'const a=1;\nexport{a}')
    writeFileSync(`${file}.map`, JSON.stringify({ version: 3, mappings: 'AAAA;AACA', names: [] }))
    addHint(file)
    expect(readFileSync(file, 'utf8')).toBe(`${COMPILE_HINT}const a=1;\nexport{a}`)
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n')
    const map = JSON.parse(readFileSync(`${file}.map`, 'utf8')) as { mappings: string }
    expect(map.mappings).toBe(';AAAA;AACA')
  })

  test('a script without a source map is marked as well', () => {
    dir = mkdtempSync(join(tmpdir(), 'hints-'))
    const file = join(dir, 'enroll-b.js')
    writeFileSync(file, 'export default 1')
    addHint(file)
    expect(readFileSync(file, 'utf8').split('\n')[0]).toBe('//# allFunctionsCalledOnLoad')
  })
})
