import { createHash, randomBytes } from 'node:crypto'

export const LINK_LIFETIME_MS = 5 * 60_000
/**
 * Enough for every user of a large tenant at once. When full, new links wait for old ones to
 * expire: no link is ever pushed out by others. One session keeps its newest few.
 */
const MAX_LINKS = 10_000
const MAX_LINKS_PER_TOKEN = 20

/** What a link stands for: a request to the API, with the headers it came with. */
export type LinkRequest =
  | { method: 'POST'; url: string; body: string; token: string; headers: Record<string, string> }
  | { method: 'GET'; url: string; headers: Record<string, string> }
type Stored = LinkRequest & { expires: number; owner: string }

export interface LinkStore {
  /** The new link's id, or null while the store is full. */
  put(link: LinkRequest, token: string): string | null
  /** Whether the link is there, without using it up. */
  has(id: string): boolean
  take(id: string): Stored | null
}

export function linkStore(
  now: () => number = Date.now,
  limits = { total: MAX_LINKS, perToken: MAX_LINKS_PER_TOKEN },
): LinkStore {
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
    put(link, token) {
      purge()
      const owner = createHash('sha256').update(token).digest('base64url')
      const own = byOwner.get(owner) ?? []
      for (const id of own.slice(0, Math.max(0, own.length - limits.perToken + 1))) remove(id)
      if (links.size >= limits.total) return null
      const id = randomBytes(24).toString('base64url')
      links.set(id, { ...link, owner, expires: now() + LINK_LIFETIME_MS })
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), id])
      return id
    },
    has(id) {
      const link = links.get(id)
      return link !== undefined && link.expires > now()
    },
    take(id) {
      const link = links.get(id)
      remove(id)
      return link && link.expires > now() ? link : null
    },
  }
}
