import { describe, expect, it } from 'vitest'
import { ENDPOINT_PATHS, ENDPOINTS } from '../../contract/endpoints.ts'
import { sharedApi } from './test-client.ts'

const api = sharedApi()

describe('the reference API', () => {
  // A row of contract/endpoints.ts (a new command's included) that the reference API does not
  // answer would be refused with 404 by `npm start`, where the portal embeds it.
  it('answers every endpoint the portal passes, by each of its methods', () => {
    const missing = ENDPOINT_PATHS.flatMap((path) =>
      ENDPOINTS[path].methods
        .filter((method) => !api.server().hasRoute({ method, url: `/api/mdm/v2/${path}` }))
        .map((method) => `${method} ${path}`),
    )
    expect(missing).toEqual([])
  })
})
