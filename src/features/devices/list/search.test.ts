import { describe, expect, it } from 'vitest'
import { deviceSchema } from '@contract/schemas'
import { foldText } from '@/lib/text'
import deAdmin from '@locales/de/admin.json'
import deDevices from '@locales/de/devices.json'
import enAdmin from '@locales/en/admin.json'
import enDevices from '@locales/en/devices.json'
import { matchesSearch, searchText, searchWords } from './search'

/** The rule written out in full: decompose, drop the marks, lower case. */
const reference = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

describe('device search', () => {
  it('lowers case and drops accents, for plain ASCII and for any other text alike', () => {
    const samples = [
      "Anna's iPhone 15",
      'SERIAL F2LXK4Q9N7PQ ^`~',
      'Müller’s Galaxy',
      'Ångström iPad',
      'Ｆｕｌｌｗｉｄｔｈ',
      'ﬁ ligature',
      '',
    ]
    for (const sample of samples) expect(foldText(sample)).toBe(reference(sample))
    expect(foldText('Müller')).toBe('muller')
  })

  it('finds a device by every word of the query, in any field', () => {
    const device = deviceSchema.parse({
      clientid: 'c1',
      displayname: 'Jürgen’s iPad',
      modelname: 'iPad Air',
      serialnumber: 'DMPXK123',
      osname: 'iPadOS 17',
    })
    const text = searchText(device, 'Jürgen Weiß')
    expect(matchesSearch(text, 'jurgen dmpx')).toBe(true)
    expect(matchesSearch(text, 'AIR weiß')).toBe(true)
    expect(matchesSearch(text, 'pixel')).toBe(false)
    expect(searchWords('  iPad   AIR ')).toEqual(['ipad', 'air'])
  })
})

describe('what the device search says it reads', () => {
  const device = deviceSchema.parse({
    clientid: 'c2',
    displayname: 'Work phone',
    modelname: 'Pixel 8',
    serialnumber: '39281FDJH004KM',
    osname: 'Android 14',
    imei: '358240051111110',
  })
  const text = searchText(device)

  it('finds a device by its IMEI and OS, which the texts around both searches name', () => {
    expect(matchesSearch(text, '358240051111110')).toBe(true)
    expect(matchesSearch(text, 'android')).toBe(true)
    const said = [
      [enDevices.list.search, enDevices.list.noMatchSearch],
      [enAdmin.devices.search, enAdmin.devices.noMatchSearch],
      [deDevices.list.search, deDevices.list.noMatchSearch],
      [deAdmin.devices.search, deAdmin.devices.noMatchSearch],
    ]
    for (const texts of said) {
      for (const sentence of texts) expect(sentence).toMatch(/\bIMEI\b/)
    }
    for (const sentence of said.slice(0, 2).flat()) expect(sentence).toMatch(/\bOS\b/)
    for (const sentence of said.slice(2).flat()) expect(sentence).toMatch(/Betriebssystem/)
    // The help desk's lead adds what its label leaves out, rather than repeating it.
    expect(enAdmin.devices.lead).toMatch(/e-mail address/)
    expect(deAdmin.devices.lead).toMatch(/E-Mail-Adresse/)
  })
})
