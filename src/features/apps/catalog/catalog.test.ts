import { describe, expect, it } from 'vitest'
import { deviceSchema, type App, type Device } from '@contract/schemas'
import {
  devicesForApp,
  fold,
  matchesFilter,
  matchesWords,
  misfitOf,
  platformOfDevice,
  queryWords,
  searchKey,
  sortApps,
  splitForDevice,
} from './catalog'

const device = (fields: Partial<Device> & { clientid: string; type: number }): Device => ({
  ...deviceSchema.parse({ clientid: fields.clientid }),
  managed: true,
  ...fields,
})
const iphone = device({ clientid: 'iphone', type: 2, displayname: "Anna's iPhone" })
const mac = device({ clientid: 'mac', type: 7 })
const pixel = device({ clientid: 'pixel', type: 4 })
const wiped = device({ clientid: 'old', type: 2, wiped: true })

const app = (fields: Partial<App> & { id: string }): App => ({ displayname: fields.id, ...fields })

describe('catalog', () => {
  it('knows the platform of each device type', () => {
    expect(platformOfDevice(iphone)).toBe('Apple')
    expect(platformOfDevice(mac)).toBe('Apple')
    expect(platformOfDevice(pixel)).toBe('Android')
    expect(platformOfDevice({ type: 99 })).toBeNull()
  })

  it('offers only devices of the app platform that can still receive apps', () => {
    const all = [iphone, mac, pixel, wiped]
    expect(devicesForApp({ platform: 'Apple' }, all)).toEqual([iphone, mac])
    expect(devicesForApp({ platform: 'Android' }, all)).toEqual([pixel])
    expect(devicesForApp({ platform: 'Windows' }, all)).toEqual([iphone, mac, pixel])
  })

  it('offers a phone and tablet app for no Mac, and a Mac app for no phone', () => {
    const ipad = device({ clientid: 'ipad', type: 2, modelname: 'iPad Air' })
    const all = [iphone, ipad, mac, pixel]
    const mail = { platform: 'Apple', devicetype: 'SmartphoneAndTablet' }
    expect(devicesForApp(mail, all)).toEqual([iphone, ipad])
    expect(misfitOf(mail, mac)).toBe('formFactor')
    expect(misfitOf(mail, pixel)).toBe('platform')
    expect(devicesForApp({ platform: 'Apple', devicetype: 'Tablet' }, all)).toEqual([ipad])
    expect(devicesForApp({ platform: 'Apple', devicetype: 'Desktop' }, all)).toEqual([mac])
    // Android does not say whether it is a phone or a tablet: both kinds are offered.
    expect(devicesForApp({ platform: 'Android', devicetype: 'Tablet' }, all)).toEqual([pixel])
    expect(devicesForApp({ platform: 'Apple', devicetype: 'Watch' }, all)).toEqual([
      iphone,
      ipad,
      mac,
    ])
  })

  it('searches the name the card shows, ignoring case, accents and word order', () => {
    const chat = app({ id: 'AU8', displayname: 'Team Chat', platform: 'Apple' })
    const uber = app({ id: 'AU9', displayname: 'Über Reisen', platform: 'Android' })
    expect(matchesFilter(chat, { query: 'chat team', platform: null })).toBe(true)
    // The service's app id is shown nowhere ("Search by name"): "au" must not find Team Chat.
    expect(matchesFilter(chat, { query: 'au8', platform: null })).toBe(false)
    expect(matchesFilter(app({ id: 'AU7' }), { query: 'au7', platform: null })).toBe(true)
    expect(matchesFilter(uber, { query: 'uber', platform: null })).toBe(true)
    expect(matchesFilter(chat, { query: 'mail', platform: null })).toBe(false)
    expect(matchesFilter(chat, { query: '', platform: 'Android' })).toBe(false)
    expect(matchesFilter(uber, { query: '', platform: 'Android' })).toBe(true)
  })

  it('sorts by name, case and accents aside', () => {
    const sorted = sortApps([
      app({ id: 'b', displayname: 'zeta' }),
      app({ id: 'a', displayname: 'Äpfel' }),
      app({ id: 'c' }),
    ])
    expect(sorted.map((entry) => entry.id)).toEqual(['a', 'c', 'b'])
  })

  it('splits a device list into available, not compatible and other platforms', () => {
    const split = splitForDevice(
      [
        app({ id: 'mail', platform: 'Apple', compatibletodevice: true }),
        app({ id: 'ipad', platform: 'Apple', compatibletodevice: false }),
        app({ id: 'android', platform: 'Android', compatibletodevice: false }),
      ],
      iphone,
    )
    expect(split.available.map((entry) => entry.id)).toEqual(['mail'])
    expect(split.incompatible.map((entry) => entry.id)).toEqual(['ipad'])
    expect(split.otherPlatforms).toBe(1)
  })

  it('folds an app into a search key once, and a search into words once', () => {
    const uber = app({ id: 'AU9', displayname: ' Über Eats ' })
    expect(searchKey(uber)).toBe('uber eats')
    expect(searchKey({ id: 'EA7', displayname: null })).toBe('ea7')
    expect(queryWords('  ÜBER   eats ')).toEqual(['uber', 'eats'])
    expect(queryWords('   ')).toEqual([])
  })

  it('matches a key when every word of the search occurs in it, in any order', () => {
    const key = searchKey(app({ id: 'AU8', displayname: 'Team Chat' }))
    expect(matchesWords(key, queryWords('chat TEAM'))).toBe(true)
    expect(matchesWords(key, queryWords('chat mail'))).toBe(false)
    expect(matchesWords(key, [])).toBe(true)
  })

  it('folds plain ASCII and any other text by the same rule', () => {
    const reference = (text: string) =>
      text
        .normalize('NFD')
        .replace(/\p{Diacritic}/gu, '')
        .toLocaleLowerCase()
    for (const sample of ['Team Chat', 'a^b`c', 'Über Eats', 'Crème brûlée', 'ＡＢＣ', '']) {
      expect(fold(sample)).toBe(reference(sample))
    }
  })
})
