import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, test, vi } from 'vitest'
import { makeDist, startFakeService } from '../testing/test-support.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const dist = makeDist()

/** A service that answers the device list only when `finish` is called. */
async function slowService() {
  let arrived = () => {}
  let finish = () => {}
  const requestArrived = new Promise<void>((resolve) => (arrived = resolve))
  const finished = new Promise<void>((resolve) => (finish = resolve))
  const service = await startFakeService({
    '/api/mdm/v2/device/list': async (_request, reply) => {
      arrived()
      await finished
      return reply.send({ success: true, data: [] })
    },
  })
  return { ...service, requestArrived, finish }
}

/** `npm run serve` as a process of its own, on a free port it reports in its log. */
async function startPortal(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // No records: the store's own shutdown is tested with the store itself.
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DIST_DIR: dist.dir,
      PORTAL_RECORDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const log: string[] = []
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      output += chunk
      log.push(...chunk.split('\n').filter(Boolean))
      const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(chunk)
      if (listening?.[1]) resolve(listening[1])
    })
    void exited.then(() => reject(new Error(`The portal did not start:\n${log.join('\n')}`)))
  })
  /** The JSON lines of the log, whole (a chunk may end mid-line). */
  const parsed = () =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line): Record<string, unknown> => JSON.parse(line))
  return { child, url, exited, log, parsed }
}

afterAll(() => dist.remove())

describe('graceful shutdown', () => {
  test('SIGTERM during a request: the request is answered, then the process exits 0', async () => {
    const service = await slowService()
    const portal = await startPortal({ MDM_API_URL: service.url })
    const answer = fetch(`${portal.url}/api/mdm/v2/device/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    await service.requestArrived
    portal.child.kill('SIGTERM')
    // Long enough for the server to stop listening; the request is still under way.
    await new Promise((resolve) => setTimeout(resolve, 300))
    await expect(fetch(`${portal.url}/healthz`)).rejects.toThrow()
    service.finish()

    const response = await answer
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true, data: [] })
    expect(await portal.exited).toBe(0)
    expect(portal.log.join('\n')).toMatch(/shutting down.*\n(.*\n)*.*stopped/)
    await service.close()
  }, 120_000)

  test('requests the service never answers get 504 before the deadline, then the process exits 0', async () => {
    const service = await slowService()
    // The proxy would wait 25 s for the service; the shutdown deadline is shorter. The answers go
    // out 2 s before it (answerMargin), time enough for the server to close on a busy machine.
    const portal = await startPortal({ MDM_API_URL: service.url, SHUTDOWN_TIMEOUT_MS: '8000' })
    const answers = [1, 2, 3].map(() =>
      fetch(`${portal.url}/api/mdm/v2/device/list`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'de' },
        body: '{}',
      }),
    )
    await vi.waitFor(() => expect(service.seen).toHaveLength(3), { timeout: 5_000 })
    portal.child.kill('SIGTERM')
    for (const answer of answers) {
      const response = await answer
      expect(response.status).toBe(504)
      expect(await response.json()).toEqual({
        success: false,
        errorcode: '01900003',
        errormessage:
          'Der Gerätedienst hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es später erneut.',
        tokenstatus: null,
      })
    }
    expect(await portal.exited).toBe(0)
    // Each request is logged once, as answered by the shutdown, and the shutdown's count once:
    // the service's requests it ended are not warned of again as the service's failure.
    const warned = portal.parsed().filter((line) => Number(line.level) >= 40)
    // The request lines may come before or after the count: their answers are written meanwhile.
    expect(warned.filter((line) => line.msg !== 'request')).toEqual([
      expect.objectContaining({ answered: 3, msg: 'requests still waiting at shutdown: 504' }),
    ])
    expect(warned.filter((line) => line.msg === 'request')).toEqual(
      [1, 2, 3].map(() => expect.objectContaining({ status: 504, shutdown: true })),
    )
    service.finish()
    await service.close()
  }, 120_000)
})
