import type { FailureRecord } from './records.ts'
import { now, type World } from './world.ts'

/**
 * Wrong passwords slow down the one who sends them, not the account's owner (OWASP's
 * Authentication cheat sheet: an exponential lockout, and a lockout others cannot use to keep
 * an account out). Failures are counted per account name and client address together: after
 * FREE_FAILURES within an hour, that name waits FIRST_DELAY_MS at that address, doubling with
 * every further failure up to MAX_DELAY_MS. The same name from another address is not slowed.
 * Names without an account are counted alike, so the delays tell nothing about who has one.
 */
export const FREE_FAILURES = 5
export const FIRST_DELAY_MS = 15_000
export const MAX_DELAY_MS = 15 * 60_000
/** Failures older than this (counted from the last one) are forgotten. */
const WINDOW_MS = 60 * 60_000
/** Names × addresses remembered per world; beyond, the longest quiet ones go first. */
const MAX_RECORDS = 10_000

interface Attempt {
  /** The password was right: the name starts afresh at this address. */
  succeeded(): void
}

function keyOf(kind: 'user' | 'admin', name: string, address: string): string {
  return JSON.stringify([kind, name.trim().toLowerCase(), address])
}

function isStale(record: FailureRecord, at: number): boolean {
  return record.waitUntil <= at && at - record.lastAt >= WINDOW_MS
}

/** The delay after a name's n-th failure at one address. */
export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES))
}

function makeRoom(records: Map<string, FailureRecord>, at: number): void {
  // The map is in the order of the last failure: the stale ones are at its front.
  for (const [key, record] of records) {
    if (records.size < MAX_RECORDS) return
    if (!isStale(record, at)) break
    records.delete(key)
  }
  const oldest = records.keys().next()
  if (records.size >= MAX_RECORDS && !oldest.done) records.delete(oldest.value)
}

/**
 * Starts a password check of a name from an address, or answers null while they must wait.
 * The attempt counts as a failure at once, before the (slow) check, so parallel requests cannot
 * slip in more guesses than the delays allow; a right password takes it back.
 */
export function startAttempt(
  world: World,
  kind: 'user' | 'admin',
  name: string,
  address: string,
): Attempt | null {
  const at = now(world)
  const key = keyOf(kind, name, address)
  const records = world.signInFailures
  const known = records.get(key)
  if (known && known.waitUntil > at) return null
  const failures = known && !isStale(known, at) ? known.failures + 1 : 1
  records.delete(key)
  makeRoom(records, at)
  const record = { failures, lastAt: at, waitUntil: at + delayAfter(failures) }
  records.set(key, record)
  return {
    succeeded: () => {
      records.delete(key)
    },
  }
}

/** After a password reset the account's name starts afresh at every address. */
export function forgetFailures(world: World, kind: 'user' | 'admin', name: string): void {
  // The key without its address: `["user","anna@example.com",` (JSON quotes the name whole).
  const prefix = keyOf(kind, name, '').slice(0, -3)
  for (const key of world.signInFailures.keys()) {
    if (key.startsWith(prefix)) world.signInFailures.delete(key)
  }
}
