/**
 * What a built chunk is made of: its minified bytes attributed to the sources in its source map
 * (grouped by npm package, or by folder for our own code). Used by the bench to explain a size,
 * and on its own: `node scripts/bench/chunk-sources.mjs <dist>/assets/index-abc.js [...]`.
 */
import { readFileSync } from 'node:fs'

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const DIGIT = new Map([...BASE64].map((char, index) => [char, index]))

/** Decodes one segment of a source map's `mappings` (base64 VLQ numbers). */
function decodeSegment(text) {
  const values = []
  let value = 0
  let shift = 0
  for (const char of text) {
    const digit = DIGIT.get(char) ?? 0
    value += (digit & 31) << shift
    if (digit & 32) {
      shift += 5
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1)
      value = 0
      shift = 0
    }
  }
  return values
}

/** Bytes of generated code per source file; what no mapping covers counts as `[unmapped]`. */
export function bytesPerSource(code, map) {
  const lines = code.split('\n')
  const bytes = new Map()
  const add = (name, count) => bytes.set(name, (bytes.get(name) ?? 0) + count)
  let source = 0
  map.mappings.split(';').forEach((line, lineIndex) => {
    const text = lines[lineIndex] ?? ''
    // Each segment owns the code from its column to the next segment's (or the line's end).
    const starts = [{ name: '[unmapped]', column: 0 }]
    let column = 0
    for (const segment of line.split(',')) {
      if (!segment) continue
      const [columnDelta, sourceDelta] = decodeSegment(segment)
      column += columnDelta
      if (sourceDelta !== undefined) source += sourceDelta
      const name = sourceDelta === undefined ? '[unmapped]' : (map.sources[source] ?? '[unknown]')
      starts.push({ name, column })
    }
    starts.forEach((start, index) => {
      const next = starts[index + 1]?.column ?? text.length
      // Columns count UTF-16 units; minified output is nearly all ASCII, so they are bytes.
      add(start.name, next - start.column)
    })
    add('[unmapped]', 1)
  })
  return bytes
}

/** Groups a source path by its npm package (`node_modules/<pkg>`) or its project folder. */
export function groupOf(source) {
  const match = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)
  if (match) return match[1]
  const project = source.match(/(?:^|\/)(src|locales)\/(.*)$/)
  if (!project) return source
  const [folder, rest] = [project[1], project[2]]
  if (folder === 'locales') return `locales/${rest}`
  const parts = rest.split('/')
  return `src/${parts.slice(0, parts[0] === 'features' ? 2 : 1).join('/')}`
}

export function chunkComposition(file) {
  const code = readFileSync(file, 'utf8')
  const map = JSON.parse(readFileSync(`${file}.map`, 'utf8'))
  const groups = new Map()
  for (const [source, count] of bytesPerSource(code, map)) {
    const group = groupOf(source)
    groups.set(group, (groups.get(group) ?? 0) + count)
  }
  return [...groups].sort((a, b) => b[1] - a[1])
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of process.argv.slice(2)) {
    const rows = chunkComposition(file)
    const total = rows.reduce((sum, [, count]) => sum + count, 0)
    console.log(`\n${file}  ${(total / 1024).toFixed(1)} KB minified`)
    for (const [group, count] of rows) {
      if (count < 200) continue
      const share = ((count / total) * 100).toFixed(1).padStart(5)
      console.log(`  ${(count / 1024).toFixed(1).padStart(7)} KB ${share} %  ${group}`)
    }
  }
}
