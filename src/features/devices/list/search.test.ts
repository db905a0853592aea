import { describe, expect, it } from 'vitest'
import { deviceSchema } from '@contract/schemas'
import { foldText } from '@/lib/text'
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
