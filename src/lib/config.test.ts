import { describe, expect, it } from 'vitest'
import { readConfig } from './config'

describe('readConfig: the map', () => {
  it("takes the server's tile server and credit line", () => {
    expect(
      readConfig({ map: { url: 'https://t.example.com/{z}/{x}/{y}.png', attribution: '© OSM' } })
        .map,
    ).toEqual({ url: 'https://t.example.com/{z}/{x}/{y}.png', attribution: '© OSM' })
    expect(readConfig({ map: { url: 'https://t.example.com/{z}/{x}/{y}.png' } }).map).toEqual({
      url: 'https://t.example.com/{z}/{x}/{y}.png',
      attribution: null,
    })
  })

  it('shows no map when the server names none, or sends something else', () => {
    expect(readConfig({}).map).toBeNull()
    expect(readConfig({ map: null }).map).toBeNull()
    expect(readConfig({ map: { url: 42 } }).map).toBeNull()
    expect(readConfig({ map: 'https://t.example.com' }).map).toBeNull()
  })
})
