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

describe('safeReturnPath by role', () => {
  it('an administrator returns only into the administrators area', () => {
    expect(safeReturnPath('/admin/devices?q=1', 'admin')).toBe('/admin/devices?q=1')
    expect(safeReturnPath('/devices', 'admin')).toBe('/admin/users')
    expect(safeReturnPath('//example.org', 'admin')).toBe('/admin/users')
    expect(safeReturnPath(null, 'admin')).toBe('/admin/users')
  })

  it('an employee never returns into the administrators area', () => {
    expect(safeReturnPath('/admin/users')).toBe('/devices')
    expect(safeReturnPath('/admin')).toBe('/devices')
    expect(safeReturnPath('/administration')).toBe('/administration')
  })
})
