import { afterEach, describe, expect, it } from 'vitest'
import { readMemory, updateMemory } from './device-memory'

const location = { latitude: 48.1, longitude: 11.5, timestamp: 1, accuracy: null }

describe("this browser's memory of the account's devices", () => {
  afterEach(() => localStorage.clear())

  it('keeps each account apart', () => {
    updateMemory('anna', (memory) => ({ ...memory, hidden: ['galaxy'] }))
    expect(readMemory('anna').hidden).toEqual(['galaxy'])
    expect(readMemory('ben').hidden).toEqual([])
    expect(JSON.parse(localStorage.getItem('mdm.devices.anna') ?? '{}')).toMatchObject({
      hidden: ['galaxy'],
    })
  })

  it('ignores what does not parse, part by part, and loses nothing else', () => {
    localStorage.setItem(
      'mdm.devices.lena',
      JSON.stringify({ locations: { ipad: location }, finder: 'nonsense', hidden: [3] }),
    )
    const memory = readMemory('lena')
    expect(memory.locations).toEqual({ ipad: location })
    expect(memory.finder).toEqual({})
    expect(memory.hidden).toEqual([])
    localStorage.setItem('mdm.devices.max', '{not json')
    expect(readMemory('max')).toEqual({ locations: {}, finder: {}, hidden: [] })
  })
})
