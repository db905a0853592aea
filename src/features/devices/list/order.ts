import type { DeviceSort } from './list-params'

/** What the list orders an entry by besides its name: its last contact, as a number once. */
export interface Orderable {
  /** Milliseconds of the last contact; null when the device never reported. */
  contact: number | null
}

/**
 * The list's entries (in the order of their names) in the order asked for. Made once per list and
 * order, not per keystroke: the search then filters the ordered entries. Dates are compared as
 * numbers made when each entry was indexed; the sort is stable, so equal dates stay by name.
 * Devices that never reported come last in either order: they are neither new nor old.
 */
export function orderEntries<T extends Orderable>(
  byName: readonly T[],
  sort: DeviceSort,
): readonly T[] {
  if (sort === 'name') return byName
  const sign = sort === 'lastcontact-desc' ? -1 : 1
  return [...byName].sort((a, b) => {
    if (a.contact === b.contact) return 0
    if (a.contact === null) return 1
    if (b.contact === null) return -1
    return sign * (a.contact - b.contact)
  })
}
