import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// Every style sheet of the portal, as text: the shared ones in src/styles and each feature's own.
// Read from disk: Vitest hands CSS imports to the tests empty.
// Paths from the project's root, where Vitest runs.
const src = 'src/'
const sheets = Object.fromEntries(
  readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.css'))
    .map((path) => [path.replaceAll('\\', '/'), readFileSync(src + path, 'utf8')]),
)
const TOKENS = 'styles/tokens.css'
const tokens = sheets[TOKENS] ?? ''

/** The sheet without its comments, so a colour or width named in a comment does not count. */
function code(text: string) {
  return text.replace(/\/\*[\s\S]*?\*\//g, '')
}

const breakpoints = [...tokens.matchAll(/--breakpoint-[a-z]+:\s*([\d.]+rem);/g)].map(
  ([, value]) => value,
)

describe('style sheets', () => {
  it('finds the sheets and the breakpoints', () => {
    expect(Object.keys(sheets)).toContain(TOKENS)
    expect(Object.keys(sheets).length).toBeGreaterThan(10)
    expect(breakpoints).toEqual(['30rem', '40rem', '52rem'])
  })

  it('takes every colour from the tokens', () => {
    const literals = Object.entries(sheets)
      .filter(([path]) => path !== TOKENS)
      .flatMap(([path, text]) =>
        [
          ...code(text).matchAll(/#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(/gi),
        ].map(([literal]) => `${path}: ${literal}`),
      )
    expect(literals).toEqual([])
  })

  it('uses no media query width but the three breakpoints', () => {
    const others = Object.entries(sheets).flatMap(([path, text]) =>
      [...code(text).matchAll(/@media[^{]*/g)].flatMap(([query]) =>
        [...query.matchAll(/([\d.]+)(rem|em|px)\b/g)]
          .map(([width]) => width)
          .filter((width) => !breakpoints.includes(width))
          .map((width) => `${path}: ${query.trim()} (${width})`),
      ),
    )
    expect(others).toEqual([])
  })

  it('uses two font weights, regular and semibold', () => {
    const others = Object.entries(sheets).flatMap(([path, text]) =>
      [...code(text).matchAll(/font-weight:\s*([^;}]+)/g)]
        .map(([, weight = '']) => weight.trim())
        .filter((weight) => weight !== '400' && weight !== '600')
        .map((weight) => `${path}: ${weight}`),
    )
    expect(others).toEqual([])
    expect(code(sheets['styles/base.css'] ?? '')).toMatch(
      /h1,\s*h2,\s*h3,\s*strong\s*{\s*font-weight: 600;/,
    )
  })

  it('keeps every sheet under 250 lines', () => {
    const long = Object.entries(sheets)
      .map(([path, text]) => ({ path, lines: text.split('\n').length }))
      .filter(({ lines }) => lines > 250)
    expect(long).toEqual([])
  })
})
