import type { PGlite } from '@electric-sql/pglite'
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'

/**
 * Kysely on an embedded PGlite: PostgreSQL's own SQL, so the queries and migrations are the same
 * as on a PostgreSQL server. PGlite is one connection, so a transaction holds it until its end.
 */
class PgliteConnection implements DatabaseConnection {
  constructor(private readonly db: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Like `pg`, a query without parameters goes by the simple protocol: a migration's several
    // statements run as one.
    if (query.parameters.length === 0) {
      const results = await this.db.exec(query.sql)
      const last = results.at(-1)
      return {
        rows: (last?.rows ?? []) as R[],
        numAffectedRows: BigInt(last?.affectedRows ?? 0),
      }
    }
    const result = await this.db.query<R>(query.sql, [...query.parameters])
    return { rows: result.rows, numAffectedRows: BigInt(result.affectedRows ?? 0) }
  }

  // eslint-disable-next-line require-yield -- the records never stream a query
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite queries are not streamed')
  }
}

class PgliteDriver implements Driver {
  private held: Promise<void> = Promise.resolve()
  private release: (() => void) | null = null
  private readonly connection: PgliteConnection

  constructor(
    private readonly db: PGlite,
    private readonly letGo: () => Promise<void>,
  ) {
    this.connection = new PgliteConnection(db)
  }

  async init() {
    await this.db.waitReady
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const before = this.held
    let release = () => {}
    this.held = new Promise<void>((resolve) => (release = resolve))
    await before
    this.release = release
    return this.connection
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const level = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : ''
    await connection.executeQuery(CompiledQuery.raw(`begin${level}`))
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async releaseConnection() {
    const release = this.release
    this.release = null
    release?.()
  }

  async destroy() {
    try {
      if (!this.db.closed) await this.db.close()
    } finally {
      await this.letGo().catch(() => undefined)
    }
  }
}

export class PgliteDialect implements Dialect {
  /** `letGo` gives up what holds the database's folder, once the database is closed. */
  constructor(
    private readonly db: PGlite,
    private readonly letGo: () => Promise<void> = async () => undefined,
  ) {}
  createAdapter = () => new PostgresAdapter()
  createDriver = () => new PgliteDriver(this.db, this.letGo)
  createQueryCompiler = () => new PostgresQueryCompiler()
  createIntrospector = (db: Kysely<unknown>) => new PostgresIntrospector(db)
}
