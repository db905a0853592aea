import { describe, expect, it } from 'vitest'
import { deviceSchema } from '@contract/schemas'
import { hasPendingAction } from './status'
import { oncePerAnswer, pollWhilePending } from './poll-while-pending'

const device = (pending: string[] = []) =>
  deviceSchema.parse({
    clientid: 'a',
    actions: Object.fromEntries(pending.map((name) => [name, { status: 1, visible: true }])),
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

describe('pollWhilePending on a long list', () => {
  it('with oncePerAnswer (as the device list), looks through one answer once, and each new one again', () => {
    let looked = 0
    const interval = pollWhilePending(
      oncePerAnswer((devices: { pending: boolean }[]) => {
        looked++
        return devices.some((device) => device.pending)
      }),
    )
    const first = [{ pending: false }, { pending: false }]
    const query = { state: { data: first } }
    expect(interval(query)).toBe(false)
    expect(interval(query)).toBe(false)
    expect(looked).toBe(1)

    query.state.data = [{ pending: false }, { pending: true }]
    expect(interval(query)).toBe(1000)
    expect(looked).toBe(2)
  })

  it('on its own (as the device page, which also waits for an app list), asks every time', () => {
    let awaitingAppList = false
    const interval = pollWhilePending((device: { pending: boolean }) => {
      return device.pending || awaitingAppList
    })
    const query = { state: { data: { pending: false } } }
    expect(interval(query)).toBe(false)
    // The same answer, but the user has since asked for the app list.
    awaitingAppList = true
    expect(interval(query)).toBe(1000)
  })
})

describe('oncePerAnswer', () => {
  it('looks through one answer once, and through each new answer again', () => {
    let looked = 0
    const anyPending = oncePerAnswer((devices: { pending: boolean }[]) => {
      looked++
      return devices.some((device) => device.pending)
    })
    const first = [{ pending: false }, { pending: false }]
    expect(anyPending(first)).toBe(false)
    expect(anyPending(first)).toBe(false)
    expect(looked).toBe(1)

    expect(anyPending([{ pending: false }, { pending: true }])).toBe(true)
    expect(looked).toBe(2)
  })
})
