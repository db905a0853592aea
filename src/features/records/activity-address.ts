import { z } from '@contract/zod'
import { SENDER_FILTERS, type SenderFilter } from '@contract/commands'
import { recordedIdSchema } from '@contract/records'
import { RECORDED_ACTIONS, type RecordedAction } from '@/entities/device/history'
import type { ActivityFilter } from './api'

/**
 * The Activity screen's filters, as its fields show them and its address keeps them: days of the
 * viewer's calendar (YYYY-MM-DD), one action, one sender, and the one device (client id) or user
 * (sid) it is narrowed to. An empty member filters nothing.
 */
export interface ActivityFilters {
  from: string
  to: string
  action: RecordedAction | ''
  sender: SenderFilter | ''
  device: string
  user: string
}

export const NO_FILTERS: ActivityFilters = {
  from: '',
  to: '',
  action: '',
  sender: '',
  device: '',
  user: '',
}

/** What each of the address's members may hold; the address names them as the filters do. */
const PARAMS = {
  from: z.iso.date(),
  to: z.iso.date(),
  action: z.custom<RecordedAction>((value) => RECORDED_ACTIONS.some((name) => name === value)),
  sender: z.enum(SENDER_FILTERS),
  device: recordedIdSchema,
  user: recordedIdSchema,
} satisfies { [Name in keyof ActivityFilters]: z.ZodMiniType<ActivityFilters[Name]> }

export type ActivityParam = keyof typeof PARAMS
const PARAM_NAMES = Object.keys(PARAMS) as ActivityParam[]

function isParam(name: string): name is ActivityParam {
  return PARAM_NAMES.some((param) => param === name)
}

/**
 * A part of the address the screen could not use, and left out: a member it does not know, one
 * given twice (the first is used), a value it cannot read, or a "from" after "to" (both left out).
 */
export type AddressProblem =
  | { kind: 'unknown'; name: string }
  | { kind: 'repeated'; name: ActivityParam }
  | { kind: 'invalid'; name: ActivityParam; value: string }
  | { kind: 'reversed'; from: string; to: string }

/** The filters an address asks for, and what of it could not be used; the rest still applies. */
export function readActivityAddress(address: URLSearchParams) {
  const filters: ActivityFilters = { ...NO_FILTERS }
  const problems: AddressProblem[] = []
  const seen = new Set<string>()
  for (const [name, value] of address) {
    if (!isParam(name)) {
      if (!seen.has(name)) problems.push({ kind: 'unknown', name })
    } else if (seen.has(name)) {
      if (!problems.some((problem) => problem.kind === 'repeated' && problem.name === name)) {
        problems.push({ kind: 'repeated', name })
      }
    } else if (value !== '') {
      const read = PARAMS[name].safeParse(value)
      if (read.success) Object.assign(filters, { [name]: read.data })
      else problems.push({ kind: 'invalid', name, value })
    }
    seen.add(name)
  }
  if (filters.from && filters.to && filters.to < filters.from) {
    problems.push({ kind: 'reversed', from: filters.from, to: filters.to })
    filters.from = ''
    filters.to = ''
  }
  return { filters, problems }
}

export function readActivityFilters(address: URLSearchParams): ActivityFilters {
  return readActivityAddress(address).filters
}

export function writeActivityFilters(filters: ActivityFilters): URLSearchParams {
  const address = new URLSearchParams()
  for (const name of PARAM_NAMES) if (filters[name]) address.set(name, filters[name])
  return address
}

/** The day's start (or, for "to", its end) in the browser's time zone, as the server reads it. */
function dayBound(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}

/** A range whose "to" is before its "from" finds nothing; the form says so instead of asking. */
export function isRangeReversed(filters: ActivityFilters): boolean {
  return filters.from !== '' && filters.to !== '' && filters.to < filters.from
}

/**
 * The search the service is asked for: the filters within a user's own activity (`scope`, from
 * their page), else within the device or user the filters name.
 */
export function toActivityFilter(
  filters: ActivityFilters,
  scope: { sid?: string } = {},
): ActivityFilter {
  const filter: ActivityFilter = {}
  const sid = scope.sid ?? filters.user
  if (sid) filter.sid = sid
  if (filters.device) filter.clientid = filters.device
  const from = dayBound(filters.from, false)
  const to = dayBound(filters.to, true)
  if (from) filter.from = from
  if (to) filter.to = to
  if (filters.action) filter.actions = [filters.action]
  if (filters.sender) filter.actor = filters.sender
  return filter
}
