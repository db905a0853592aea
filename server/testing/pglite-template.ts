/**
 * Vitest's global setup for the server's tests: one PGlite cluster made before they start.
 * Making a cluster (PGlite's initdb) costs seconds of CPU, about twenty times opening one; a test
 * that keeps records in a folder starts from a copy of this one instead (test-support.ts), so the
 * suite does not make a cluster per portal it starts, and a busy machine does not push their
 * start past a test's time.
 */
import { PGlite } from '@electric-sql/pglite'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A closed, empty PGlite cluster to copy as a records folder's `records`. */
    pgliteTemplate: string
  }
}

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'portal-pglite-template-'))
  const cluster = join(dir, 'records')
  const db = new PGlite(cluster)
  await db.query('select 1')
  await db.close()
  project.provide('pgliteTemplate', cluster)
  return () => rmSync(dir, { recursive: true, force: true })
}
