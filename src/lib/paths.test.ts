import { describe, expect, it } from 'vitest'
import { safeReturnPath } from './paths'

describe('safeReturnPath', () => {
  it('keeps a path inside the portal, with its query and hash', () => {
    expect(safeReturnPath('/account?x=1#h')).toBe('/account?x=1#h')
  })

  it.each([
    null,
    '',
    'https://example.org',
    '//example.org',
    '/\\example.org',
    '/\t/example.org',
    '/\n/example.org',
    '\t//example.org',
    '/login?from=%2Fdevices',
  ])('sends %j to the devices instead', (from) => {
    expect(safeReturnPath(from)).toBe('/devices')
  })
})
