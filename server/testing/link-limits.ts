import { expect } from 'vitest'
import type { LinkStore } from '../sessions/links/one-time-link-store.ts'

const link = { method: 'GET', url: '/api/mdm/v2/user/mdmprofile', headers: {} } as const

/**
 * What every store of one-time links does when full, made with limits of 3 links in all and 2 a
 * session: it refuses new links instead of pushing out others' links, and a session that makes
 * more pushes out only its own oldest.
 */
export async function expectFullStoreRefuses(store: LinkStore) {
  const anna = await store.put(link, 'anna-token')
  const ben = await store.put(link, 'ben-token')
  const nina = await store.put(link, 'nina-token')
  expect(await store.put(link, 'bogus-token')).toBeNull()
  // One session keeps its newest links; making more pushes out only its own oldest.
  expect(await store.put(link, 'anna-token')).toBeNull()
  expect(await store.take(nina ?? '')).not.toBeNull()
  const annaSecond = await store.put(link, 'anna-token')
  const annaThird = await store.put(link, 'anna-token')
  expect(await store.take(anna ?? '')).toBeNull()
  for (const id of [ben, annaSecond, annaThird]) {
    expect(await store.take(id ?? '')).toMatchObject({ url: link.url })
  }
}
