import type { z } from '@contract/zod'
import { portalFile, portalRequest, type ApiFile, type RequestOptions } from '@/lib/api/client'

/** The portal server's own records of sign-ins, sessions and activity. */
const RECORDS_URL = '/api/portal/records'

/** Where the help desk's activity searches are cached: a change to a user reads them again. */
export const ACTIVITY_KEY = ['records', 'activity'] as const

/** A request to the records (`device`, `account`, `activity` …), answered in the service's envelope. */
export function recordsRequest<S extends z.core.$ZodType>(
  path: string,
  body: object,
  schema: S,
  options: RequestOptions = {},
): Promise<z.output<S>> {
  return portalRequest(`${RECORDS_URL}/${path}`, body, schema, options)
}

/** A file the records answer with (the activity as CSV). */
export function recordsFile(path: string, body: object): Promise<ApiFile> {
  return portalFile(`${RECORDS_URL}/${path}`, body)
}
