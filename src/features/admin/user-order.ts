import { readSort } from '@/lib/list-sort'

/**
 * The orders of the help desk's user list, from what the service tells of a user (spec: User;
 * it tells no creation or sign-in date) and of the tenant's devices (`usersid`): by name (the
 * default, left out of the address), and by the number of devices, most or fewest first (those
 * who have yet to enroll one).
 */
export const USER_SORTS = ['name', 'devices-desc', 'devices-asc'] as const
export type UserSort = (typeof USER_SORTS)[number]

/** The list's search and order, kept in the address (shareable, and Back works). */
export interface UserListParams {
  q: string
  sort: UserSort
}

export function readUserListParams(search: URLSearchParams): UserListParams {
  return { q: search.get('q') ?? '', sort: readSort(USER_SORTS, search.get('sort')) }
}

export function writeUserListParams(params: UserListParams): URLSearchParams {
  const search = new URLSearchParams()
  if (params.q) search.set('q', params.q)
  if (params.sort !== 'name') search.set('sort', params.sort)
  return search
}

/**
 * The users (in the order of their names) in the order asked for; the sort is stable, so equal
 * counts stay by name. `devices`: each user's devices by sid, null until all the
 * tenant's devices have arrived (at a large tenant, well after the users): until then the list
 * stays by name, rather than moving users on counts that are still growing.
 */
export function orderUsers<T extends { user: { sid: string } }>(
  byName: readonly T[],
  sort: UserSort,
  devices: ReadonlyMap<string, readonly unknown[]> | null,
): readonly T[] {
  if (sort === 'name' || devices === null) return byName
  const sign = sort === 'devices-desc' ? -1 : 1
  const count = (entry: T) => devices.get(entry.user.sid)?.length ?? 0
  return [...byName].sort((a, b) => sign * (count(a) - count(b)))
}
