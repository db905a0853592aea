import { describe, expect, it } from 'vitest'
import {
  appListAsked,
  appListRequest,
  isAwaitingAppList,
  noteDeviceRead,
  onAppListAnswered,
} from './app-list-requests'

describe('asking a device for its app list', () => {
  it('waits until the device was in touch after it was asked', () => {
    const answered: string[] = []
    const stop = onAppListAnswered((clientId) => answered.push(clientId))
    appListAsked('a', new Date(1_000), 50_000)
    expect(isAwaitingAppList('a')).toBe(true)

    // A read that shows the old contact (or none) is no answer.
    noteDeviceRead({ clientid: 'a', lastcontact: new Date(1_000) }, 51_000)
    noteDeviceRead({ clientid: 'a', lastcontact: null }, 51_000)
    expect(isAwaitingAppList('a')).toBe(true)
    expect(answered).toEqual([])

    noteDeviceRead({ clientid: 'a', lastcontact: new Date(2_000) }, 52_000)
    expect(isAwaitingAppList('a')).toBe(false)
    expect(appListRequest('a')).toEqual({
      askedAt: 50_000,
      contactBefore: 1_000,
      answeredAt: 52_000,
    })
    expect(answered).toEqual(['a'])

    // Later reads change nothing; the answer is reported once.
    noteDeviceRead({ clientid: 'a', lastcontact: new Date(3_000) }, 53_000)
    expect(appListRequest('a')?.answeredAt).toBe(52_000)
    expect(answered).toEqual(['a'])
    stop()
  })

  it('takes any contact as the answer of a device that had none before', () => {
    appListAsked('b', null, 10)
    noteDeviceRead({ clientid: 'b', lastcontact: new Date(5) }, 20)
    expect(isAwaitingAppList('b')).toBe(false)
  })

  it('knows nothing of devices that were not asked', () => {
    noteDeviceRead({ clientid: 'c', lastcontact: new Date(5) })
    expect(appListRequest('c')).toBeNull()
    expect(isAwaitingAppList('c')).toBe(false)
  })
})
