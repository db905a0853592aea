import { readFileSync } from 'node:fs'
import { describe, expect, test, vi } from 'vitest'
import { FORMATS_WARM_UP } from './first-paint.ts'

const KINDS = ['NumberFormat', 'PluralRules', 'DateTimeFormat', 'RelativeTimeFormat'] as const
type Kind = (typeof KINDS)[number]

/**
 * Runs the worker's file as a worker would, with `self` named as the start script names it, and
 * with an Intl that builds the real formats and notes each one's language and what it formatted.
 */
function runWorker(name: string, lacking?: Kind) {
  const source = readFileSync(new URL(`../public${FORMATS_WARM_UP}`, import.meta.url), 'utf8')
  const built: { kind: Kind; language: unknown; result: string }[] = []
  const intl = Object.fromEntries(
    KINDS.map((kind) => [
      kind,
      function (language: string, options?: object) {
        if (kind === lacking) throw new TypeError(`no ${kind}`)
        const format = new (
          Intl[kind] as unknown as new (
            language: string,
            options?: object,
          ) => Record<string, (...values: unknown[]) => string>
        )(language, options)
        const use = kind === 'PluralRules' ? 'select' : 'format'
        return {
          [use]: (...values: unknown[]) => {
            const result = format[use]?.(...values) ?? ''
            built.push({ kind, language, result })
            return result
          },
        }
      },
    ]),
  )
  const self = { name, close: vi.fn() }
  new Function('self', 'Intl', source)(self, intl)
  return { built, close: self.close }
}

describe('the worker that sets up formatting', () => {
  test("formats a number, a plural, a date and a relative time in the page's language, then ends", () => {
    const { built, close } = runWorker('de')
    expect(built.map(({ kind }) => kind)).toEqual(KINDS)
    expect(built.every(({ language }) => language === 'de')).toBe(true)
    expect(built[0]?.result).toBe('1.234,5')
    expect(built[3]?.result).toBe('vor 5 Minuten')
    expect(close).toHaveBeenCalledOnce()
  })

  test('a format the browser lacks does not keep it from ending', () => {
    const { built, close } = runWorker('en', 'DateTimeFormat')
    expect(built.map(({ kind }) => kind)).toEqual(['NumberFormat', 'PluralRules'])
    expect(close).toHaveBeenCalledOnce()
  })
})
