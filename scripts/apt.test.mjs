import { execFile, execFileSync, spawnSync } from 'node:child_process'
import { expect, test, vi } from 'vitest'
import { aptInstall, aptInstallInBackground } from './apt.mjs'

vi.mock('node:child_process', () => ({
  execFile: vi.fn(),
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

test('installs in the background run one after another, each awaited alone, and none for nothing', async () => {
  vi.spyOn(process, 'getuid').mockReturnValue(0)
  const running = []
  const finish = []
  vi.mocked(execFile).mockImplementation((_command, args, _options, done) => {
    running.push(args)
    finish.push(() => done(null, '', ''))
    return {}
  })
  const nothing = aptInstallInBackground([])
  const chromium = aptInstallInBackground(['chromium'])
  const stores = aptInstallInBackground(['redis-server', 'postgresql'], { recommends: false })
  await expect(nothing).resolves.toBe(true)
  // The package lists were fetched by the installs before: the first install starts at once.
  await vi.waitFor(() => expect(running).toEqual([['install', '-y', '-qq', 'chromium']]), {
    timeout: 20_000,
  })
  finish.shift()?.()
  await expect(chromium).resolves.toBe(true)
  await vi.waitFor(() => expect(running).toHaveLength(2), { timeout: 20_000 })
  expect(running[1]).toEqual([
    'install',
    '-y',
    '-qq',
    '--no-install-recommends',
    'redis-server',
    'postgresql',
  ])
  finish.shift()?.()
  await expect(stores).resolves.toBe(true)
})
