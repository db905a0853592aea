import { readFileSync } from 'node:fs'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

/**
 * `npm install` on the Node the portal states (`engines` in package.json) warns about no
 * package: every package npm installs from the lock file declares that Node, or declares none.
 */
const root = new URL('../', import.meta.url)
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'))
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8'))

describe('engines', () => {
  it('every installed package declares the Node the portal states', () => {
    const node = semver.minVersion(manifest.engines.node)?.version
    expect(node).toBe('20.19.0')
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path && typeof entry.engines?.node === 'string')
      .filter(([, entry]) => !semver.satisfies(node, entry.engines.node))
      .map(([path, entry]) => `${path.replace(/^.*node_modules\//, '')}@${entry.version}`)
    expect(refusing).toEqual([])
  })
})
