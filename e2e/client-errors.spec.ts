import { expect, test } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A screen that fails in real Chromium reaches the operator's log (docs/operating.md, "Errors in
 * the browser"). The journey starts a portal of its own, to read the JSON lines it writes to its
 * standard output as an operator's log store would: the shared portals' output is not kept.
 */
let portal: ChildProcess
let baseURL = ''
const lines: string[] = []
const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-client-errors-'))

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

test.beforeAll(async () => {
  const port = await freePort()
  baseURL = `http://127.0.0.1:${port}`
  portal = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PORTAL_URL: baseURL,
      MDM_TEST_MODE: '1',
      PORTAL_RECORDS: '0',
      PORTAL_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let rest = ''
  portal.stdout?.on('data', (chunk: Buffer) => {
    const text = rest + chunk.toString('utf8')
    const parts = text.split('\n')
    rest = parts.pop() ?? ''
    lines.push(...parts.filter(Boolean))
  })
  await expect
    .poll(
      () =>
        fetch(`${baseURL}/healthz`).then(
          (answer) => answer.ok,
          () => false,
        ),
      {
        timeout: 60_000,
      },
    )
    .toBe(true)
})

test.afterAll(() => {
  portal?.kill()
  rmSync(dataDir, { recursive: true, force: true })
})

// The start line is for people; the rest are JSON.
const clientErrors = () =>
  lines
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { msg?: string; clientError?: Record<string, unknown> })
    .filter((line) => line.msg === 'clientError')

test('a screen whose code a deploy took away is reported with its route, never its address', async ({
  page,
}) => {
  // Online, the screen's module does not come: what a deploy that replaced the files looks like.
  await page.route(/\/assets\/reset-password-[\w-]+\.js$/, (route) => route.abort())
  const secret = 'SECRET-reset-token-0123456789'
  await page.goto(`${baseURL}/reset-password?token=${secret}#step-2`)
  await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible()

  await expect.poll(() => clientErrors().length, { timeout: 30_000 }).toBe(1)
  const [line] = clientErrors()
  expect(line?.clientError).toEqual({
    name: 'TypeError',
    message: expect.stringMatching(/^Failed to fetch dynamically imported module: http:\/\/127/),
    pattern: '/reset-password',
    version: expect.stringMatching(/^[\w-]{6,}$/),
    browser: expect.stringMatching(/Chrom/),
  })
  // Nothing of the address, in that line or any other.
  expect(lines.join('\n')).not.toContain(secret)
  expect(lines.join('\n')).not.toContain('step-2')
})
