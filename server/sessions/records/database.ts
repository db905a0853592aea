import { PGlite } from '@electric-sql/pglite'
import { Kysely, Migrator, PostgresDialect, sql, type Migration } from 'kysely'
import { mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
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

function dialectFor(location: DatabaseLocation) {
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
  return new PgliteDialect(new PGlite(join(location.dataDir, 'records')))
}

/**
 * Opens the records and brings their tables up to date. Several instances starting at once on
 * one server take turns: Kysely's migrator holds a lock while it migrates.
 */
export async function openDatabase(location: DatabaseLocation): Promise<Kysely<Database>> {
  const db = new Kysely<Database>({ dialect: dialectFor(location) })
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
