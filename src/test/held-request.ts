import { vi } from 'vitest'
import { apiRequest } from '@/lib/api/client'

/**
 * The next request the service answers when the test says so: `take` or `refuse` it. For a test
 * file that mocks `@/lib/api/client`.
 */
export function held() {
  const answer = { take: (_value: unknown) => {}, refuse: (_error: unknown) => {} }
  vi.mocked(apiRequest).mockImplementationOnce(
    () =>
      new Promise((resolve, reject) => {
        answer.take = resolve
        answer.refuse = reject
      }),
  )
  return answer
}
