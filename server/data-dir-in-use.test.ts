import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { lock } from 'proper-lockfile'
import { afterAll, expect, test } from 'vitest'

/**
 * A second portal on a records folder another one holds stops its start, saying why and how to
 * choose another folder or share the records, instead of running with its records unreachable.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'portal-in-use-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

test(
  'a portal started on a folder in use stops with a sentence that says what to do',
  { timeout: 60_000 },
  async () => {
    mkdirSync(dataDir, { recursive: true })
    const folder = join(dataDir, 'records')
    // What the first portal holds while it runs.
    const release = await lock(folder, { realpath: false, lockfilePath: `${folder}.lock` })
    try {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, PORTAL_DATA_DIR: dataDir, PORT: '39999', PORTAL_RECORDS: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let stderr = ''
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve))
      expect(code).toBe(1)
      expect(stderr).toContain(`The portal cannot start: The records folder ${folder} is in use`)
      expect(stderr).toContain('PORTAL_DATA_DIR')
      expect(stderr).toContain('DATABASE_URL')
    } finally {
      await release()
    }
  },
)
