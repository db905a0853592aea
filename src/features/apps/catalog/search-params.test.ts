import { describe, expect, it } from 'vitest'
import { deviceSchema } from '@contract/schemas'
import { expectedDevice, readParams, resolveDevice, withParams } from './search-params'

const iphone = deviceSchema.parse({ clientid: 'iphone', type: 2 })
const pixel = deviceSchema.parse({ clientid: 'pixel', type: 4 })

describe('search params', () => {
  it('reads the device, the search and a known platform only', () => {
    expect(readParams(new URLSearchParams('device=iphone&q=chat&platform=Apple'))).toEqual({
      device: 'iphone',
      query: 'chat',
      platform: 'Apple',
    })
    expect(readParams(new URLSearchParams('platform=Windows'))).toEqual({
      device: null,
      query: '',
      platform: null,
    })
  })

  it('removes empty filters but keeps "no device" as a choice', () => {
    const params = new URLSearchParams('device=iphone&q=chat&platform=Apple')
    expect(withParams(params, { query: '', platform: null }).toString()).toBe('device=iphone')
    expect(withParams(params, { device: '' }).toString()).toBe('device=&q=chat&platform=Apple')
    // The original stays as it was.
    expect(params.get('q')).toBe('chat')
  })

  it('preselects the only device, and only when none was asked for', () => {
    expect(resolveDevice(null, [iphone])).toEqual({ kind: 'device', device: iphone })
    expect(resolveDevice(null, [iphone, pixel])).toEqual({ kind: 'none' })
    expect(resolveDevice('', [iphone])).toEqual({ kind: 'none' })
    expect(resolveDevice('pixel', [iphone, pixel])).toEqual({ kind: 'device', device: pixel })
    expect(resolveDevice('gone', [iphone])).toEqual({ kind: 'unknown', clientId: 'gone' })
  })

  it('expects, before the devices are known, the device asked for or the only one last time', () => {
    expect(expectedDevice('pixel', 'iphone')).toBe('pixel')
    expect(expectedDevice('', 'iphone')).toBeNull()
    expect(expectedDevice(null, 'iphone')).toBe('iphone')
    expect(expectedDevice(null, null)).toBeNull()
  })
})
