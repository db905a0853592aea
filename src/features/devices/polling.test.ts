import { describe, expect, it } from 'vitest'
import { deviceSchema } from '../../../contract/schemas'
import { hasPendingAction, pendingActions, pollDelay, pollWhilePending } from './polling'

const device = (pending: string[] = []) =>
  deviceSchema.parse({
    clientid: 'a',
    actions: Object.fromEntries(pending.map((name) => [name, { status: 1, visible: true }])),
  })

describe('pollDelay', () => {
  it('doubles from one second and stops growing at thirty', () => {
    const delays: number[] = []
    let elapsed = 0
    for (let step = 0; step < 8; step++) {
      const delay = pollDelay(elapsed)
      delays.push(delay)
      elapsed += delay
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000])
  })

  it('treats a clock that went backwards as a fresh start', () => {
    expect(pollDelay(-5000)).toBe(1000)
  })
})

describe('pending actions', () => {
  it('finds the actions with status 1', () => {
    expect(hasPendingAction(device())).toBe(false)
    expect(hasPendingAction(device(['lockscreen']))).toBe(true)
    expect(pendingActions(device(['wipefull', 'requestlocation']))).toEqual([
      'wipefull',
      'requestlocation',
    ])
  })
})

describe('pollWhilePending', () => {
  it('backs off while pending and starts over after a quiet spell', () => {
    let clock = 0
    const interval = pollWhilePending(hasPendingAction, () => clock)
    const query = { state: { data: device(['lockscreen']) } }
    expect(interval(query)).toBe(1000)
    clock = 1000
    expect(interval(query)).toBe(2000)
    clock = 3000
    expect(interval(query)).toBe(4000)

    query.state.data = device()
    expect(interval(query)).toBe(false)

    clock = 60_000
    query.state.data = device(['requestlocation'])
    expect(interval(query)).toBe(1000)
  })

  it('does not poll before there is data', () => {
    const interval = pollWhilePending(hasPendingAction)
    expect(interval({ state: { data: undefined } })).toBe(false)
  })
})
