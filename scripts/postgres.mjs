/**
 * The unit tests of the records run on PGlite and on a real PostgreSQL
 * (server/testing/postgres-server.ts). Finds Debian's server (POSTGRES_BIN, else
 * /usr/lib/postgresql/<version>/bin, else initdb on the PATH); when it is missing and we are root
 * with apt, Debian's postgresql package is installed first. Otherwise it says what to do.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { aptInstall, canApt } from './apt.mjs'

function found() {
  const fromEnv = process.env.POSTGRES_BIN
  if (fromEnv) return existsSync(join(fromEnv, 'initdb'))
  const root = '/usr/lib/postgresql'
  if (
    existsSync(root) &&
    readdirSync(root).some((v) => existsSync(join(root, v, 'bin', 'initdb')))
  ) {
    return true
  }
  return spawnSync('sh', ['-c', 'command -v initdb']).status === 0
}

/** Debian's package `ensurePostgres` would install here: none when PostgreSQL is there. */
export function postgresPackages() {
  return process.env.POSTGRES_BIN || found() ? [] : ['postgresql']
}

export function ensurePostgres() {
  if (found()) return
  if (process.env.POSTGRES_BIN) {
    throw new Error(`POSTGRES_BIN points to ${process.env.POSTGRES_BIN}, which has no initdb.`)
  }
  if (canApt()) {
    console.log('Installing PostgreSQL for the records tests (apt-get install postgresql)…')
    aptInstall(['postgresql'], { recommends: false })
    if (found()) return
  }
  throw new Error(
    'No PostgreSQL found: run `sudo apt-get install postgresql` (Debian/Ubuntu) or set POSTGRES_BIN.',
  )
}
