import { describe, expect, it, vi } from 'vitest'
import { lazyPart } from './lazy-part'

describe('lazyPart', () => {
  it('fetches once and has the part at hand afterwards', async () => {
    const fetch = vi.fn(() => Promise.resolve('part'))
    const part = lazyPart(fetch)
    expect(part.current()).toBeNull()
    const [first, second] = await Promise.all([part.load(), part.load()])
    expect([first, second]).toEqual(['part', 'part'])
    expect(part.current()).toBe('part')
    await part.load()
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('tries again after a failed fetch', async () => {
    const fetch = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('part')
    const part = lazyPart(fetch)
    await expect(part.load()).rejects.toThrow('offline')
    expect(part.current()).toBeNull()
    await expect(part.load()).resolves.toBe('part')
    expect(fetch).toHaveBeenCalledTimes(2)
  })
})
