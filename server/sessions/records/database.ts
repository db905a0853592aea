import { PGlite } from '@electric-sql/pglite'
import { Kysely, Migrator, PostgresDialect, sql, type Migration } from 'kysely'
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { check, lock } from 'proper-lockfile'
import { PgliteDialect } from './pglite-dialect.ts'
import type { Database } from './schema.ts'

const MIGRATIONS = new URL('./migrations/', import.meta.url).pathname

/** Where the records live: a PostgreSQL server several instances share, or PGlite in a folder. */
export type DatabaseLocation = { url: string } | { dataDir: string } | { memory: true }

/** The plain SQL files of migrations/, in the order of their names. */
function sqlMigrations(): Record<string, Migration> {
  const migrations: Record<string, Migration> = {}
  for (const file of readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    const text = readFileSync(join(MIGRATIONS, file), 'utf8')
    migrations[file.replace(/\.sql$/, '')] = {
      up: async (db) => {
        await sql.raw(text).execute(db)
      },
    }
  }
  return migrations
}

/**
 * How long a folder's lock outlives a portal that stopped without letting go (a crash): a
 * minute, since a portal on a loaded machine can stall for tens of seconds (PGlite's start) and
 * must not lose its folder to a second one meanwhile.
 */
const STALE_LOCK_MS = 60_000

/**
 * PGlite is PostgreSQL for one process: a second one on the same folder spins or corrupts it
 * (electric-sql/pglite#1106). The folder is held with a lock beside it, as PostgreSQL's own
 * postmaster.pid holds a server's; a second portal on it is told so, and its store retries.
 * `lost` runs when the lock was taken over after all (this process stalled for longer than
 * STALE_LOCK_MS, or the lock was removed).
 */
async function holdFolder(dataDir: string, lost: () => void): Promise<() => Promise<void>> {
  const folder = join(dataDir, 'records')
  try {
    return await lock(folder, {
      realpath: false,
      lockfilePath: `${folder}.lock`,
      stale: STALE_LOCK_MS,
      // Renewed often, so that a lock taken away is noticed within seconds, not half a minute.
      update: 5_000,
      onCompromised: lost,
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error
    throw new Error(folderInUseText(dataDir), { cause: error })
  }
}

/**
 * The sentence a portal stops its start with when its records folder is held by another one:
 * the second would run with its records unreachable. Says how to choose another folder or to
 * share the records.
 */
export function folderInUseText(dataDir: string): string {
  return (
    `The records folder ${join(dataDir, 'records')} is in use by another portal process. ` +
    'Stop that portal, give this one a folder of its own (PORTAL_DATA_DIR=/path/to/folder), ' +
    'or let several portals share their records in PostgreSQL (DATABASE_URL=postgres://…).'
  )
}

/** Whether another live process holds the records folder (a lock left by a crash is stale). */
export async function folderInUse(dataDir: string): Promise<boolean> {
  const folder = join(dataDir, 'records')
  return check(folder, { realpath: false, lockfilePath: `${folder}.lock`, stale: STALE_LOCK_MS })
}

async function dialectFor(location: DatabaseLocation) {
  if ('url' in location) {
    const pool = new pg.Pool({
      connectionString: location.url,
      max: 5,
      // A server that does not answer fails the query: its record waits in the queue instead.
      connectionTimeoutMillis: 3_000,
      query_timeout: 5_000,
    })
    // An idle connection the server closed: the pool drops it, the next query opens another.
    pool.on('error', () => undefined)
    // A lent connection the server closes (PostgreSQL stopping, a backend ended) between two
    // queries: pg reports it on the client, where without a listener it would end the process.
    // Its next query fails instead and its record waits in the queue.
    pool.on('connect', (client) => client.on('error', () => undefined))
    return new PostgresDialect({ pool })
  }
  if ('memory' in location) return new PgliteDialect(new PGlite())
  mkdirSync(location.dataDir, { recursive: true })
  let db: PGlite | null = null
  // Another process has the folder now: this one stops using it, and its queries fail from then
  // on (the records answer 503, writes wait in the queue) rather than two processes writing it.
  const release = await holdFolder(location.dataDir, () => {
    if (db && !db.closed) db.close().catch(() => undefined)
  })
  db = new PGlite(join(location.dataDir, 'records'))
  return new PgliteDialect(db, release)
}

/**
 * Opens the records and brings their tables up to date. Several instances starting at once on
 * one server take turns: Kysely's migrator holds a lock while it migrates.
 */
export async function openDatabase(location: DatabaseLocation): Promise<Kysely<Database>> {
  const db = new Kysely<Database>({ dialect: await dialectFor(location) })
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => sqlMigrations() },
    migrationTableName: 'portal_migrations',
    migrationLockTableName: 'portal_migrations_lock',
  })
  const { error } = await migrator.migrateToLatest()
  if (error) {
    await db.destroy()
    throw error instanceof Error ? error : new Error(String(error))
  }
  return db
}
