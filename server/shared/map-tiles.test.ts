import { afterAll, describe, expect, test } from 'vitest'
import { buildServer } from '../app.ts'
import { DEFAULT_MAP_TILE_URL, readMapTiles, tileOrigin } from './map-tiles.ts'
import { makeDist, testConfig } from '../testing/test-support.ts'

const dist = makeDist()
afterAll(() => dist.remove())

function imgSrc(policy: string | undefined): string | undefined {
  return policy
    ?.split('; ')
    .find((directive) => directive.startsWith('img-src '))
    ?.slice('img-src '.length)
}

async function portal(env: Record<string, string>) {
  const app = await buildServer(testConfig(dist.dir, env))
  const response = await app.inject({ url: '/portal-config.json' })
  await app.close()
  return {
    imgSrc: imgSrc(response.headers['content-security-policy']?.toString()),
    map: response.json<{ map: unknown }>().map,
  }
}

describe('map tiles', () => {
  test('OpenStreetMap by default, with its credit line', () => {
    expect(readMapTiles({})).toEqual({
      url: DEFAULT_MAP_TILE_URL,
      attribution: '© OpenStreetMap contributors',
    })
  })

  test('MAP_TILE_URL names another tile server; empty turns the map off', () => {
    expect(readMapTiles({ MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png' })).toEqual({
      url: 'https://tiles.example.com/{z}/{x}/{y}.png',
      attribution: null,
    })
    expect(
      readMapTiles({
        MAP_TILE_URL: 'https://t.example.com/{z}/{x}/{y}',
        MAP_TILE_ATTRIBUTION: 'Tiles © Example',
      })?.attribution,
    ).toBe('Tiles © Example')
    expect(readMapTiles({ MAP_TILE_URL: '' })).toBeNull()
    expect(() => readMapTiles({ MAP_TILE_URL: 'tiles.example.com/{z}/{x}/{y}' })).toThrow(
      /MAP_TILE_URL/,
    )
    expect(() => readMapTiles({ MAP_TILE_URL: 'ftp://tiles.example.com/{z}/{x}/{y}' })).toThrow(
      /https:\/\//,
    )
    expect(() => readMapTiles({ MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}.png' })).toThrow(
      /\{y\}/,
    )
  })

  test('the CSP source is the tile origin; {s} subdomains become a wildcard', () => {
    expect(tileOrigin(DEFAULT_MAP_TILE_URL)).toBe('https://tile.openstreetmap.org')
    expect(tileOrigin('http://127.0.0.1:9000/tiles/{z}/{x}/{y}.png')).toBe('http://127.0.0.1:9000')
    expect(tileOrigin('https://{s}.tiles.example.com/{z}/{x}/{y}.png')).toBe(
      'https://*.tiles.example.com',
    )
  })

  test('images may come from the configured tile server only, and from none when the map is off', async () => {
    const osm = await portal({})
    expect(osm.imgSrc).toBe("'self' blob: data: https://tile.openstreetmap.org")
    expect(osm.map).toEqual({
      url: DEFAULT_MAP_TILE_URL,
      attribution: '© OpenStreetMap contributors',
    })

    const own = await portal({ MAP_TILE_URL: 'https://maps.example.com:8443/osm/{z}/{x}/{y}.png' })
    expect(own.imgSrc).toBe("'self' blob: data: https://maps.example.com:8443")
    expect(own.map).toEqual({
      url: 'https://maps.example.com:8443/osm/{z}/{x}/{y}.png',
      attribution: null,
    })

    const off = await portal({ MAP_TILE_URL: '' })
    expect(off.imgSrc).toBe("'self' blob: data:")
    expect(off.map).toBeNull()
  })
})
