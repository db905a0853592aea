import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'

/**
 * Password hashes: scrypt with a random salt, stored as `scrypt$N$r$p$salt$hash` so the
 * parameters can change without invalidating stored hashes. N is modest on purpose: this
 * service runs in every test, and a login must stay around ten milliseconds.
 */

const N = 8192
const R = 8
const P = 1
const KEY_LENGTH = 32

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: n, r, p }, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, N, R, P)
  return ['scrypt', N, R, P, salt.toString('base64url'), key.toString('base64url')].join('$')
}

/** A hash no password matches: verifying against it keeps unknown accounts as slow as real ones. */
const DUMMY_HASH = `scrypt$${N}$${R}$${P}$${Buffer.alloc(16).toString('base64url')}$`

export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = (hash ?? DUMMY_HASH).split('$')
  if (scheme !== 'scrypt' || salt === undefined || key === undefined) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await derive(
    password,
    Buffer.from(salt, 'base64url'),
    Number(n),
    Number(r),
    Number(p),
  )
  return expected.length === actual.length && timingSafeEqual(expected, actual)
}

/** The password rule (stated in the passwordTooWeak message): 8+ characters, a letter, a digit. */
export function meetsPasswordRules(password: string): boolean {
  return password.length >= 8 && /\p{L}/u.test(password) && /\d/.test(password)
}

/** Demo passwords are hashed once per process and shared by every world. */
const demoHashes = new Map<string, Promise<string>>()

export function hashDemoPassword(password: string): Promise<string> {
  let hash = demoHashes.get(password)
  if (!hash) {
    hash = hashPassword(password)
    demoHashes.set(password, hash)
  }
  return hash
}
