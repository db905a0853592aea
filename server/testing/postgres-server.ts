/**
 * A real PostgreSQL for the tests of the records: Debian's server (POSTGRES_BIN, else the newest
 * /usr/lib/postgresql/<version>/bin, else on the PATH), in a temporary folder, on a free loopback
 * port. PostgreSQL refuses to run as root, so as root it runs as the `postgres` user.
 * `npm test` installs the package first where it is missing.
 */
import { spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { closedPort } from './test-support.ts'

function postgresBinDir(): string {
  const fromEnv = process.env.POSTGRES_BIN
  if (fromEnv && existsSync(join(fromEnv, 'initdb'))) return fromEnv
  const root = '/usr/lib/postgresql'
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a))
    if (versions[0]) return join(root, versions[0], 'bin')
  }
  const found = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' })
  if (found.status === 0 && found.stdout.trim()) return join(found.stdout.trim(), '..')
  throw new Error(
    'PostgreSQL is needed for the records tests: `apt-get install postgresql` (npm test does it as root), or set POSTGRES_BIN.',
  )
}

function runAs(): Pick<SpawnOptions, 'uid' | 'gid'> {
  if (process.getuid?.() !== 0) return {}
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim())
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim())
  if (!uid) throw new Error('Running as root, PostgreSQL needs the `postgres` user to run as.')
  return { uid, gid }
}

export interface RunningPostgres {
  url: string
  /** Stops the server, keeping its data: `start` brings it back on the same port. */
  stop(): Promise<void>
  start(): Promise<void>
  /** Stops it and deletes its folder. */
  remove(): Promise<void>
}

export async function startPostgres(): Promise<RunningPostgres> {
  const bin = postgresBinDir()
  const user = runAs()
  const dir = mkdtempSync(join(tmpdir(), 'portal-postgres-'))
  if (user.uid !== undefined) chownSync(dir, user.uid, user.gid ?? user.uid)
  const data = join(dir, 'data')
  const init = spawnSync(
    join(bin, 'initdb'),
    ['-D', data, '-U', 'portal', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'],
    { encoding: 'utf8', ...user },
  )
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr || init.stdout}`)
  const port = await closedPort()
  let child: ChildProcess | null = null

  async function start() {
    const server = spawn(
      join(bin, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(port),
        '-k',
        dir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], ...user },
    )
    child = server
    await new Promise<void>((resolve, reject) => {
      let output = ''
      server.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes('ready to accept connections')) resolve()
      })
      server.on('exit', (code) => reject(new Error(`postgres exited (${code}): ${output}`)))
      server.on('error', reject)
    })
  }

  function stop() {
    return new Promise<void>((resolve) => {
      const server = child
      child = null
      if (!server || server.exitCode !== null) return resolve()
      server.once('exit', () => resolve())
      // Fast shutdown: open connections are cut, as when a database server goes away.
      server.kill('SIGINT')
    })
  }

  await start()
  return {
    url: `postgres://portal@127.0.0.1:${port}/postgres`,
    stop,
    start,
    remove: async () => {
      await stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
