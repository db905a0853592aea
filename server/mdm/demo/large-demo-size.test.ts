import { describe, expect, it } from 'vitest'
import { parseLargeDemo } from './large-demo-size.ts'

describe('MDM_LARGE_DEMO', () => {
  it('is off unless set, the default size for 1 or true, and <devices>[:<apps>] otherwise', () => {
    expect(parseLargeDemo(undefined)).toBeNull()
    expect(parseLargeDemo('')).toBeNull()
    expect(parseLargeDemo('0')).toBeNull()
    expect(parseLargeDemo('1')).toEqual({ devices: 500, apps: 300 })
    expect(parseLargeDemo('true')).toEqual({ devices: 500, apps: 300 })
    expect(parseLargeDemo('5000:2000')).toEqual({ devices: 5000, apps: 2000 })
    expect(parseLargeDemo('5000')).toEqual({ devices: 5000, apps: 300 })
  })

  it('refuses anything else with a message naming the setting', () => {
    for (const value of ['yes', '5000:', ':20', '-5', '1e3', '60000', '100:20000']) {
      expect(() => parseLargeDemo(value)).toThrow(/MDM_LARGE_DEMO/)
    }
  })
})
