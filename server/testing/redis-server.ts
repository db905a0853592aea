/**
 * A real Redis for the tests of the shared store: Debian's `redis-server` (REDIS_SERVER, else
 * on the PATH), started on a free loopback port without persistence, stopped by the test.
 * `npm test` installs the package first where it is missing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { closedPort } from './test-support.ts'

function redisServerPath(): string {
  const fromEnv = process.env.REDIS_SERVER
  if (fromEnv && existsSync(fromEnv)) return fromEnv
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' })
  const path = found.stdout.trim()
  if (found.status === 0 && path) return path
  throw new Error(
    'redis-server is needed for the shared-store tests: `apt-get install redis-server` (npm test does it as root), or set REDIS_SERVER.',
  )
}

export interface RunningRedis {
  url: string
  port: number
  /** Freezes the server (SIGSTOP): connections stay open, nothing answers. */
  pause(): void
  resume(): void
  stop(): Promise<void>
}

/** A Redis on a free port, or on `port` to bring a stopped one back at the same address. */
export async function startRedis(port?: number): Promise<RunningRedis> {
  port ??= await closedPort()
  const child: ChildProcess = spawn(
    redisServerPath(),
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  await new Promise<void>((resolve, reject) => {
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('Ready to accept connections')) resolve()
    })
    child.on('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)))
    child.on('error', reject)
  })
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGCONT')
        child.kill('SIGTERM')
      }),
  }
}
