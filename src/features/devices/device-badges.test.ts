import { describe, expect, it } from 'vitest'
import { formatAgo } from '@/lib/format'
import { isQuiet } from './device-badges'

const HOUR = 3600_000

describe('last contact', () => {
  const now = Date.UTC(2024, 4, 10, 12)

  it('warns after more than 48 hours without contact', () => {
    expect(isQuiet(new Date(now - 48 * HOUR), now)).toBe(false)
    expect(isQuiet(new Date(now - 48 * HOUR - 1), now)).toBe(true)
    expect(isQuiet(null, now)).toBe(false)
  })

  it('never says a time lies in the future', () => {
    expect(formatAgo(new Date(now - 3 * 60_000), now)).toBe('3 minutes ago')
    expect(formatAgo(new Date(now + 2000), now)).toBe('just now')
  })
})
