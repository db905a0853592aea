import { afterAll, afterEach, beforeEach, vi } from 'vitest'

// A unit test fails on any console.error.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error: ${args.map(String).join(' ')}`)
  })
})

afterEach(() => {
  vi.restoreAllMocks()
})

// The test files share their modules (vite.config.ts): each leaves the next one real timers.
afterAll(() => {
  vi.useRealTimers()
})
