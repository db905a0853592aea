import { describe, expect, test } from 'vitest'
import { browserAndSystem, shortAddress } from './client-facts.ts'

describe('shortAddress', () => {
  test('keeps an IPv4 address to its /24 (also when written as IPv6)', () => {
    expect(shortAddress('203.0.113.77')).toBe('203.0.113.0/24')
    expect(shortAddress('::ffff:198.51.100.9')).toBe('198.51.100.0/24')
  })
  test('keeps an IPv6 address to its /48', () => {
    expect(shortAddress('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toBe('2001:db8:85a3::/48')
    expect(shortAddress('2001:db8::1')).toBe('2001:db8:0::/48')
    expect(shortAddress('::1')).toBe('0:0:0::/48')
  })
  test('keeps nothing of what is not an address', () => {
    expect(shortAddress(undefined)).toBe('')
    expect(shortAddress('localhost')).toBe('')
  })
})

describe('browserAndSystem', () => {
  test('names the browser with its major version and the system', () => {
    const chrome =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.7339.80 Safari/537.36'
    expect(browserAndSystem(chrome)).toEqual({ browser: 'Chrome 140', system: 'Windows 10' })
    const safari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1'
    expect(browserAndSystem(safari)).toEqual({ browser: 'Safari 18', system: 'iOS 18.5' })
  })
  test('an absent or unknown User-Agent names nothing', () => {
    expect(browserAndSystem(undefined)).toEqual({ browser: '', system: '' })
    expect(browserAndSystem('curl/8.5.0').browser).not.toContain('Chrome')
  })
})
