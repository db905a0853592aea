import { createHash, randomBytes } from 'node:crypto'

export const LINK_LIFETIME_MS = 5 * 60_000
/**
 * Enough for every user of a large tenant at once. When full, new links wait for old ones to
 * expire: no link is ever pushed out by others. One session keeps its newest few.
 */
export const LINK_LIMITS = { total: 10_000, perToken: 20 }

/** What a link stands for: a request to the API, with the headers it came with. */
export type LinkRequest =
  | { method: 'POST'; url: string; body: string; token: string; headers: Record<string, string> }
  | { method: 'GET'; url: string; headers: Record<string, string> }
type Stored = LinkRequest & { expires: number; owner: string }

/** Where links live: this instance's memory, or the store that all instances share. */
export interface LinkStore {
  /** The new link's id, or null while the store is full. */
  put(link: LinkRequest, token: string): Promise<string | null>
  /** Whether the link is there, without using it up. */
  has(id: string): Promise<boolean>
  /** The link, used up at once: a second take of the same id, anywhere, gets null. */
  take(id: string): Promise<LinkRequest | null>
}

/** Whose link it is: the hash of the session's token, never the token. */
export const ownerOf = (token: string) => createHash('sha256').update(token).digest('base64url')

/** A new link's id: 192 random bits, the only way to the link. */
export const newLinkId = () => randomBytes(24).toString('base64url')

/** The links of one instance, in its memory. */
export function linkStore(now: () => number = Date.now, limits = LINK_LIMITS): LinkStore {
  const links = new Map<string, Stored>()
  const byOwner = new Map<string, string[]>()
  const remove = (id: string) => {
    const link = links.get(id)
    if (!link) return
    links.delete(id)
    const ids = byOwner.get(link.owner)?.filter((other) => other !== id) ?? []
    if (ids.length > 0) byOwner.set(link.owner, ids)
    else byOwner.delete(link.owner)
  }
  // All live equally long: the expired ones are at the front, and only they are looked at.
  const purge = () => {
    for (const [id, link] of links) {
      if (link.expires > now()) return
      remove(id)
    }
  }
  return {
    async put(link, token) {
      purge()
      const owner = ownerOf(token)
      const own = byOwner.get(owner) ?? []
      for (const id of own.slice(0, Math.max(0, own.length - limits.perToken + 1))) remove(id)
      if (links.size >= limits.total) return null
      const id = newLinkId()
      links.set(id, { ...link, owner, expires: now() + LINK_LIFETIME_MS })
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), id])
      return id
    },
    async has(id) {
      const link = links.get(id)
      return link !== undefined && link.expires > now()
    },
    async take(id) {
      const link = links.get(id)
      remove(id)
      if (!link || link.expires <= now()) return null
      const { expires: _expires, owner: _owner, ...request } = link
      return request
    },
  }
}
