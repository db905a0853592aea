import { afterEach, describe, expect, it } from 'vitest'
import { deviceSchema, toMsDate } from '@contract/schemas'
import { changeLanguage, i18n } from '@/lib/i18n'
import { supportDetails } from './support-details'

const now = Date.UTC(2026, 10, 23, 12)

const iphone = deviceSchema.parse({
  clientid: 'c-1',
  displayname: "Anna's iPhone",
  modelname: 'iPhone 15 Pro',
  osname: 'iOS 17.5.1',
  serialnumber: 'F2LXK4Q9N7PQ',
  lastcontact: toMsDate(now - 3 * 60_000),
  actions: {
    lockscreen: { status: 1, visible: true },
    requestlocation: { status: 1, visible: true },
  },
})

describe('supportDetails', () => {
  afterEach(() => changeLanguage('en'))

  it('lists what the help desk asks for, one line each, in English', async () => {
    await changeLanguage('en')
    const text = supportDetails(iphone, now, i18n.getFixedT('en', 'devices'))
    expect(text.split('\n')).toEqual([
      "Name: Anna's iPhone",
      'Model: iPhone 15 Pro',
      'Operating system: iOS 17.5.1',
      'Serial number: F2LXK4Q9N7PQ',
      'Device ID: c-1',
      expect.stringMatching(/^Last contact: .*2026.* \(3 minutes ago\)$/),
      'Waiting actions: Locking, Locating',
    ])
  })

  it('speaks German, and says what is missing rather than leaving a blank', async () => {
    await changeLanguage('de')
    const bare = deviceSchema.parse({ clientid: 'c-2' })
    const text = supportDetails(bare, now, i18n.getFixedT('de', 'devices'))
    expect(text).toContain('Modell: unbekannt')
    expect(text).toContain('Letzter Kontakt: Nie')
    expect(text).toContain('Wartende Aktionen: keine')
  })
})
