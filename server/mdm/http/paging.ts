import { z } from '../../../contract/zod.ts'
import { invalidField } from './failure.ts'
import { optional } from './fields.ts'
import type { World } from '../model/world.ts'

/**
 * Paging of the list endpoints (device/list, app/list, user/list). The spec shows only the
 * answer's members ("pagecount, pageindex, totalcount: present in list responses") and no request
 * field; every example answers everything on page 1, which stays the default. With a page size
 * (MDM_PAGE_SIZE, or per world in test mode) a list answers pages of that many items, and the
 * request picks one with `pageindex`, 1-based like the answer's member of that name.
 */

export const pageFields = { pageindex: optional(z.number().check(z.int(), z.minimum(1))) }

interface Page<T> {
  data: T[]
  pageindex: number
  pagecount: number
  totalcount: number
}

/** The requested page of `items`; a page beyond the last one is an invalid pageindex. */
export function pageOf<T>(world: World, items: readonly T[], pageindex = 1): Page<T> {
  const size = world.settings.pageSize
  const pagecount = size > 0 ? Math.max(1, Math.ceil(items.length / size)) : 1
  if (pageindex > pagecount) throw invalidField('pageindex', 'invalid')
  const data = size > 0 ? items.slice((pageindex - 1) * size, pageindex * size) : [...items]
  return { data, pageindex, pagecount, totalcount: items.length }
}
