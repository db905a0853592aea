import { execFileSync, spawnSync } from 'node:child_process'
import { expect, test, vi } from 'vitest'
import { aptInstall } from './apt.mjs'

vi.mock('node:child_process', () => ({
  execFileSync: vi.fn(),
  spawnSync: vi.fn(() => ({ status: 0 })),
}))

test("the package lists are fetched once for all that a run installs, Debian's recommendations left out on request", () => {
  vi.spyOn(process, 'getuid').mockReturnValue(0)
  expect(aptInstall(['redis-server'], { recommends: false })).toBe(true)
  expect(aptInstall(['chromium', 'chromium-headless-shell'])).toBe(true)
  const calls = vi.mocked(execFileSync).mock.calls.map(([command, args]) => [command, ...args])
  expect(calls).toEqual([
    ['apt-get', 'update', '-qq'],
    ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'redis-server'],
    ['apt-get', 'install', '-y', '-qq', 'chromium', 'chromium-headless-shell'],
  ])
  expect(spawnSync).toHaveBeenCalledWith('which', ['apt-get'])
})

test('without root, nothing is installed', () => {
  vi.spyOn(process, 'getuid').mockReturnValue(1000)
  vi.mocked(execFileSync).mockClear()
  expect(aptInstall(['postgresql'])).toBe(false)
  expect(execFileSync).not.toHaveBeenCalled()
})
