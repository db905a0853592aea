import { describe, expect, test } from 'vitest'
import deviceInfo from '../../contract/fixtures/device-info.json'
import failure from '../../contract/fixtures/failure.json'
import deDevices from '../../locales/de/devices.json'
import { renderDeviceScreen, type Texts } from './device-screen'

/** The texts the server hands over (server/first-screen.ts); the test setup has them all already. */
const texts = (language: string): Texts => (language === 'de' ? { devices: deDevices } : {})

/** The rendered page as a document, to read it as the browser will. */
function parse(html: string | null) {
  if (html === null) throw new Error('expected a rendered page')
  const page = document.createElement('div')
  page.innerHTML = html
  return page
}

describe("the server's rendering of a device's page", () => {
  test("renders the portal's own page of the device: heading, state and actions", () => {
    const page = parse(renderDeviceScreen(deviceInfo, 'en', texts))
    const device = deviceInfo.deviceinfo
    expect(page.querySelector('h1.page__title')?.textContent).toBe(device.displayname)
    expect(page.querySelector('.back-link a')?.getAttribute('href')).toBe('/devices')
    expect(page.querySelector('#device-actions-title')?.textContent).toBe('Actions')
    const actions = [...page.querySelectorAll('.action-card__title')].map((h) => h.textContent)
    expect(actions.length).toBeGreaterThan(0)
    expect(page.querySelector('.action-card__description')?.textContent).not.toBe('')
  })

  test("in the page's language", () => {
    const page = parse(renderDeviceScreen(deviceInfo, 'de', texts))
    expect(page.querySelector('#device-actions-title')?.textContent).toBe('Aktionen')
    expect(page.querySelector('.back-link a')?.textContent).toContain('Alle meine Geräte')
  })

  test('an answer that is no device, or a language the portal does not speak, renders nothing', () => {
    expect(renderDeviceScreen(failure, 'en', texts)).toBeNull()
    expect(
      renderDeviceScreen({ success: true, deviceinfo: { clientid: 7 } }, 'en', texts),
    ).toBeNull()
    expect(renderDeviceScreen(deviceInfo, 'fr', texts)).toBeNull()
  })
})
