import { describe, expect, it } from 'vitest'
import { parseDateTime } from './date-time.ts'

const at = (iso: string) => Date.parse(iso)

describe('the date-time forms of the device list filter', () => {
  it('a date only is that day in UTC; as an upper bound it covers the whole day', () => {
    expect(parseDateTime('2024-05-01', 'from')).toBe(at('2024-05-01T00:00:00.000Z'))
    expect(parseDateTime('2024-05-01', 'to')).toBe(at('2024-05-01T23:59:59.999Z'))
    expect(parseDateTime('2024-02-29', 'from')).toBe(at('2024-02-29T00:00:00.000Z'))
  })

  it('ISO 8601 with or without milliseconds, ending in Z or an offset +H, +HH or +HH:MM', () => {
    const expected = at('2024-05-01T08:30:15.000Z')
    expect(parseDateTime('2024-05-01T08:30:15Z', 'from')).toBe(expected)
    expect(parseDateTime('2024-05-01T08:30:15.250Z', 'from')).toBe(expected + 250)
    expect(parseDateTime('2024-05-01T08:30:15.5Z', 'from')).toBe(expected + 500)
    expect(parseDateTime('2024-05-01T10:30:15+2', 'from')).toBe(expected)
    expect(parseDateTime('2024-05-01T10:30:15+02', 'from')).toBe(expected)
    expect(parseDateTime('2024-05-01T10:30:15.000+02:00', 'from')).toBe(expected)
    expect(parseDateTime('2024-05-01T03:00:15-05:30', 'from')).toBe(expected)
  })

  it('the compact form YYYYMMDDThhmmssZ', () => {
    expect(parseDateTime('20240501T083015Z', 'to')).toBe(at('2024-05-01T08:30:15Z'))
  })

  it('anything else is refused', () => {
    for (const value of [
      '',
      '2024-5-1',
      '2024-02-30',
      '2023-02-29',
      '2024-05-01T08:30Z',
      '2024-05-01T08:30:15',
      '2024-05-01T24:00:00Z',
      '2024-05-01T08:30:15+0200',
      '2024-05-01T08:30:15+02:60',
      '20240501T0830Z',
      'yesterday',
    ]) {
      expect(parseDateTime(value, 'from'), value).toBeNull()
    }
  })
})
