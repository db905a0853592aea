import { readSort } from '@/lib/list-sort'
import type { DeviceListFilter } from '@/entities/device/queries'

/**
 * The list's filters and search live in the address (shareable, and the back button works).
 * Dates are days (YYYY-MM-DD) of the user's own calendar; the service is asked for the instants
 * where such a day starts and ends in the user's time zone.
 */
export interface ListParams {
  managed: boolean | null
  wiped: boolean | null
  contactFrom: string
  contactTo: string
  locatedFrom: string
  locatedTo: string
  q: string
  /** The list's order; not a filter: the service is asked the same, the portal orders. */
  sort: DeviceSort
}

/**
 * The orders the list offers: by name (the default, left out of the address), and by last
 * contact, newest or oldest first (the devices that stopped reporting).
 */
export const DEVICE_SORTS = ['name', 'lastcontact-desc', 'lastcontact-asc'] as const
export type DeviceSort = (typeof DEVICE_SORTS)[number]

export const DATE_PARAMS = ['contactFrom', 'contactTo', 'locatedFrom', 'locatedTo'] as const
export type DateParam = (typeof DATE_PARAMS)[number]

const DAY = /^\d{4}-\d{2}-\d{2}$/

function isDay(value: string): boolean {
  if (!DAY.test(value)) return false
  const date = new Date(`${value}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
}

function readFlag(value: string | null): boolean | null {
  return value === 'true' ? true : value === 'false' ? false : null
}

function readDay(value: string | null): string {
  return value && isDay(value) ? value : ''
}

export function readListParams(search: URLSearchParams): ListParams {
  return {
    managed: readFlag(search.get('managed')),
    wiped: readFlag(search.get('wiped')),
    contactFrom: readDay(search.get('contactFrom')),
    contactTo: readDay(search.get('contactTo')),
    locatedFrom: readDay(search.get('locatedFrom')),
    locatedTo: readDay(search.get('locatedTo')),
    q: search.get('q') ?? '',
    sort: readSort(DEVICE_SORTS, search.get('sort')),
  }
}

export function writeListParams(params: ListParams): URLSearchParams {
  const search = new URLSearchParams()
  if (params.managed !== null) search.set('managed', String(params.managed))
  if (params.wiped !== null) search.set('wiped', String(params.wiped))
  for (const name of DATE_PARAMS) if (params[name]) search.set(name, params[name])
  if (params.q) search.set('q', params.q)
  if (params.sort !== 'name') search.set('sort', params.sort)
  return search
}

/** A range whose start lies after its end finds nothing; the form says so instead. */
export function isRangeReversed(from: string, to: string): boolean {
  return from !== '' && to !== '' && from > to
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0')
}

/**
 * The first or last millisecond of a local day, in a form the service accepts (ISO 8601 with
 * an offset, spec: "Accepted date-time forms"). Each bound gets the offset in force at that
 * instant, so a day on which summer time starts or ends is still covered exactly.
 */
export function localDayBound(day: string, bound: 'start' | 'end'): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number)
  const instant =
    bound === 'start'
      ? new Date(year, month - 1, date, 0, 0, 0, 0)
      : new Date(year, month - 1, date, 23, 59, 59, 999)
  const offset = -instant.getTimezoneOffset()
  const sign = offset < 0 ? '-' : '+'
  const zone = `${sign}${twoDigits(Math.floor(Math.abs(offset) / 60))}:${twoDigits(Math.abs(offset) % 60)}`
  return `${day}T${bound === 'start' ? '00:00:00.000' : '23:59:59.999'}${zone}`
}

function range(from: string, to: string) {
  if ((!from && !to) || isRangeReversed(from, to)) return undefined
  return {
    ...(from && { from: localDayBound(from, 'start') }),
    ...(to && { to: localDayBound(to, 'end') }),
  }
}

/** The members of the service's list filter; the search is applied here, not by the service. */
export function toApiFilter(params: ListParams): DeviceListFilter {
  const filter: DeviceListFilter = {}
  if (params.managed !== null) filter.managed = params.managed
  if (params.wiped !== null) filter.wiped = params.wiped
  const lastcontact = range(params.contactFrom, params.contactTo)
  if (lastcontact) filter.lastcontact = lastcontact
  const locationtimestamp = range(params.locatedFrom, params.locatedTo)
  if (locationtimestamp) filter.locationtimestamp = locationtimestamp
  return filter
}

export function activeFilterCount(params: ListParams): number {
  return (
    Number(params.managed !== null) +
    Number(params.wiped !== null) +
    Number(range(params.contactFrom, params.contactTo) !== undefined) +
    Number(range(params.locatedFrom, params.locatedTo) !== undefined)
  )
}
