import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'
import type { LinkRequest } from './one-time-link-store.ts'

/*
 * A link kept outside this instance (PostgreSQL, Redis) is sealed with its own id, which only
 * the holder of the link's address has: the store holds the id's hash and the sealed request,
 * so neither the link nor the session token in it can be read from the store.
 */

/** Where a link's row is found: the hash of its id, so the table never holds the id itself. */
export const rowOf = (id: string) => createHash('sha256').update(id).digest('base64url')

/** The key that seals a link's request (its session token included): drawn from the id alone. */
function keyOf(id: string): Buffer {
  return Buffer.from(hkdfSync('sha256', id, '', 'portal one-time link', 32))
}

export function seal(id: string, link: LinkRequest): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyOf(id), iv)
  const body = Buffer.concat([cipher.update(JSON.stringify(link), 'utf8'), cipher.final()])
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
}

export function unseal(id: string, sealed: string): LinkRequest | null {
  try {
    const bytes = Buffer.from(sealed, 'base64url')
    const decipher = createDecipheriv('aes-256-gcm', keyOf(id), bytes.subarray(0, 12))
    decipher.setAuthTag(bytes.subarray(12, 28))
    const text = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()])
    return JSON.parse(text.toString('utf8')) as LinkRequest
  } catch {
    return null
  }
}
