import { afterEach, describe, expect, it, vi } from 'vitest'
import { whenIdle } from './when-idle'

describe('whenIdle', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('runs the task when the browser is idle, and not once cancelled', async () => {
    const ran: string[] = []
    vi.stubGlobal('requestIdleCallback', (task: () => void) => setTimeout(task, 1))
    vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle))
    whenIdle(() => ran.push('idle'))
    whenIdle(() => ran.push('cancelled'))()
    await vi.waitFor(() => expect(ran).toEqual(['idle']), { timeout: 5_000 })
  })

  it('runs it in a task of its own where the browser cannot say when it is idle (Safari)', async () => {
    const ran: string[] = []
    vi.stubGlobal('requestIdleCallback', undefined)
    whenIdle(() => ran.push('later'))
    whenIdle(() => ran.push('cancelled'))()
    expect(ran).toEqual([])
    await vi.waitFor(() => expect(ran).toEqual(['later']), { timeout: 5_000 })
  })
})
