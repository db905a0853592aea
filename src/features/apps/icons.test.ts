import { QueryClient } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api/api-error'
import { apiFile } from '@/lib/api/client'
import { ERROR_CODES } from '@contract/error-codes'
import { appIconQuery } from './icons'

vi.mock('@/lib/api/client', () => ({ apiFile: vi.fn() }))

const png = () => ({
  blob: new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
  contentType: 'image/png',
  fileName: null,
})

describe('app icons', () => {
  let client: QueryClient
  let created = 0
  const revoked: string[] = []

  beforeEach(() => {
    client = new QueryClient()
    created = 0
    revoked.length = 0
    URL.createObjectURL = vi.fn(() => `blob:icon-${++created}`)
    URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url))
  })

  afterEach(() => client.clear())

  it('fetches once with the session and keeps the object URL while cached', async () => {
    vi.mocked(apiFile).mockResolvedValue(png())
    const url = await client.fetchQuery(appIconQuery('AU8'))
    expect(url).toBe('blob:icon-1')
    // Failures come back as HTTP 200 with the envelope: a missing icon logs no console error.
    expect(apiFile).toHaveBeenCalledWith(
      'app/image',
      { id: 'AU8' },
      expect.objectContaining({ outcomeInEnvelope: true }),
    )
    // staleTime Infinity: a second use reads the cache.
    await client.fetchQuery(appIconQuery('AU8'))
    expect(created).toBe(1)
    expect(revoked).toEqual([])
  })

  it('revokes the URL when the query leaves the cache (garbage collection or sign-out)', async () => {
    vi.mocked(apiFile).mockResolvedValue(png())
    await client.fetchQuery(appIconQuery('EA12'))
    await client.fetchQuery(appIconQuery('AU15'))
    expect(created).toBe(2)
    client.removeQueries({ queryKey: appIconQuery('EA12').queryKey })
    expect(revoked).toEqual(['blob:icon-1'])
    client.clear()
    expect(revoked).toEqual(['blob:icon-1', 'blob:icon-2'])
    // Every URL made is given back: none is held any more.
    expect(revoked).toHaveLength(created)
  })

  it('treats a missing image as "no icon", not as a failure', async () => {
    vi.mocked(apiFile).mockRejectedValue(new ApiError('notFound', { status: 404 }))
    await expect(client.fetchQuery(appIconQuery('MU3'))).resolves.toBeNull()
    vi.mocked(apiFile).mockRejectedValue(
      new ApiError('api', { status: 200, code: ERROR_CODES.appImageNotFound }),
    )
    await expect(client.fetchQuery(appIconQuery('MU4'))).resolves.toBeNull()
    expect(created).toBe(0)
  })

  it('keeps other failures as failures, so the icon is asked for again later', async () => {
    vi.mocked(apiFile).mockRejectedValue(
      new ApiError('api', { status: 200, code: ERROR_CODES.internalError }),
    )
    await expect(client.fetchQuery(appIconQuery('MU5'))).rejects.toBeInstanceOf(ApiError)
  })
})
