import { describe, expect, it, vi } from 'vitest'
import { warmUpFormats } from './warm-up'

describe('warmUpFormats', () => {
  it('builds one formatter per task, not all in one', () => {
    const tasks: (() => void)[] = []
    const plural = vi.spyOn(Intl.PluralRules.prototype, 'select')
    warmUpFormats((task) => tasks.push(task))
    expect(tasks).toHaveLength(1)
    let ran = 0
    while (tasks.length) {
      tasks.shift()?.()
      ran++
      expect(tasks.length).toBeLessThanOrEqual(1)
    }
    expect(ran).toBe(5)
    expect(plural).toHaveBeenCalledTimes(1)
    plural.mockRestore()
  })
})
