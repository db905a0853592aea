import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { deviceListQuery } from '@/entities/device/queries'
import { changeLanguage } from '@/lib/i18n'
import { renderAtAddress } from '@/test/render-at-address'
import { deviceSchema } from '@contract/schemas'
import { DeviceListScreen } from './device-list-screen'

// Nothing is asked of the service: the lists are in the cache.
vi.mock('@/lib/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/lib/api/client')>()),
  apiRequest: vi.fn(() => new Promise(() => {})),
  portalRequest: vi.fn(() => new Promise(() => {})),
}))

const devices = [
  deviceSchema.parse({ clientid: 'iphone', type: 2, displayname: "Anna's iPhone", managed: true }),
  deviceSchema.parse({ clientid: 'pixel', type: 4, displayname: "Anna's Pixel", managed: true }),
]

/** The list at `entry`; the service's answer to "not managed" finds none of them. */
const renderList = (entry: string) =>
  renderAtAddress('/devices', <DeviceListScreen />, entry, [
    [deviceListQuery().queryKey, devices],
    [deviceListQuery({ managed: false }).queryKey, []],
  ])

describe('a device list that a search or filter leaves empty', () => {
  afterEach(async () => {
    cleanup()
    await changeLanguage('en')
  })

  it.each([
    [
      'en',
      '/devices?q=%3Cb%3Ecalc%3C%2Fb%3E',
      'No devices match “<b>calc</b>”',
      'Clear search',
      'Search by name, model, serial number, IMEI or OS',
    ],
    [
      'en',
      '/devices?managed=false',
      'No devices match the filters chosen',
      'Clear filters',
      'Search by name, model, serial number, IMEI or OS',
    ],
    [
      'en',
      '/devices?managed=false&q=pixel',
      'No devices match “pixel” with the filters chosen',
      'Clear search and filters',
      'Search by name, model, serial number, IMEI or OS',
    ],
    [
      'de',
      '/devices?q=%3Cb%3Ecalc%3C%2Fb%3E',
      'Keine Geräte zu „<b>calc</b>“',
      'Suche löschen',
      'Nach Name, Modell, Seriennummer, IMEI oder Betriebssystem suchen',
    ],
    [
      'de',
      '/devices?managed=false',
      'Keine Geräte mit den gewählten Filtern',
      'Filter zurücksetzen',
      'Nach Name, Modell, Seriennummer, IMEI oder Betriebssystem suchen',
    ],
    [
      'de',
      '/devices?managed=false&q=pixel',
      'Keine Geräte zu „pixel“ mit den gewählten Filtern',
      'Suche und Filter zurücksetzen',
      'Nach Name, Modell, Seriennummer, IMEI oder Betriebssystem suchen',
    ],
  ] as const)(
    'names what was searched, says it once to screen readers and clears it all, the keyboard at the search (%s, %s)',
    async (language, entry, title, clear, search) => {
      await changeLanguage(language)
      renderList(entry)
      // The term shows as typed, as text: never as markup.
      expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument()
      expect(document.querySelector('b')).toBeNull()
      // The status region says it; nothing else on the page is live.
      expect(screen.getByRole('status')).toHaveTextContent(title)
      expect(document.querySelectorAll('[role=status], [aria-live]')).toHaveLength(1)

      // The card carries its own way out, whether or not the filters' panel is open.
      const card = screen.getByRole('heading', { level: 2, name: title }).parentElement!
      fireEvent.click(within(card).getByRole('button', { name: clear }))
      expect(await screen.findByRole('link', { name: "Anna's iPhone" })).toBeInTheDocument()
      expect(screen.getByText('/devices')).toBeInTheDocument()
      expect(screen.getByLabelText(search)).toHaveFocus()
    },
  )
})

describe("the filters' own “Clear filters”", () => {
  afterEach(async () => {
    cleanup()
    await changeLanguage('en')
  })

  it.each([
    ['en', 'Clear filters', 'Search by name, model, serial number, IMEI or OS'],
    [
      'de',
      'Filter zurücksetzen',
      'Nach Name, Modell, Seriennummer, IMEI oder Betriebssystem suchen',
    ],
  ] as const)(
    'clears the filters only: the search stays, as typed, and so does what it finds (%s)',
    async (language, clear, label) => {
      await changeLanguage(language)
      renderList('/devices?managed=false')
      const search = await screen.findByLabelText(label)
      // Typed, not yet in the address when the button is pressed.
      fireEvent.change(search, { target: { value: 'Pix' } })
      const panel = document.querySelector('details')!
      fireEvent.click(within(panel).getByRole('button', { name: clear }))

      expect(await screen.findByRole('link', { name: "Anna's Pixel" })).toBeInTheDocument()
      expect(screen.queryByRole('link', { name: "Anna's iPhone" })).toBeNull()
      expect(search).toHaveValue('Pix')
      expect(await screen.findByText('/devices?q=Pix')).toBeInTheDocument()
    },
  )
})

describe("the list's order", () => {
  afterEach(async () => {
    cleanup()
    await changeLanguage('en')
  })

  const dated = [
    deviceSchema.parse({
      clientid: 'a',
      type: 2,
      displayname: 'Alpha',
      lastcontact: '/Date(3000)/',
    }),
    deviceSchema.parse({ clientid: 'b', type: 2, displayname: 'Bravo' }),
    deviceSchema.parse({
      clientid: 'c',
      type: 2,
      displayname: 'Charlie',
      lastcontact: '/Date(1000)/',
    }),
    deviceSchema.parse({
      clientid: 'd',
      type: 2,
      displayname: 'Delta',
      lastcontact: '/Date(2000)/',
    }),
  ]
  const cards = () => screen.getAllByRole('link').map((link) => link.textContent)

  it.each([
    [
      'en',
      'Sort by',
      'Last contact (oldest first)',
      '4 devices, oldest contact first',
      '4 devices',
    ],
    [
      'de',
      'Sortieren nach',
      'Letzter Kontakt (älteste zuerst)',
      '4 Geräte, ältester Kontakt zuerst',
      '4 Geräte',
    ],
  ] as const)(
    'orders the cards by last contact, says so in the count status alone, and back by name (%s)',
    async (language, label, oldest, said, count) => {
      await changeLanguage(language)
      renderAtAddress('/devices', <DeviceListScreen />, '/devices', [
        [deviceListQuery().queryKey, dated],
      ])
      const select = await screen.findByLabelText(label)
      expect(cards()).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta'])
      expect(screen.getByRole('status')).toHaveTextContent(count)

      fireEvent.change(select, { target: { value: 'lastcontact-asc' } })
      expect(await screen.findByText('/devices?sort=lastcontact-asc')).toBeInTheDocument()
      expect(select).toHaveDisplayValue(oldest)
      // Never reported: last.
      expect(cards()).toEqual(['Charlie', 'Delta', 'Alpha', 'Bravo'])
      expect(screen.getByRole('status')).toHaveTextContent(said)
      expect(document.querySelectorAll('[role=status], [aria-live]')).toHaveLength(1)

      fireEvent.change(select, { target: { value: 'name' } })
      expect(await screen.findByText('/devices')).toBeInTheDocument()
      expect(cards()).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta'])
      expect(screen.getByRole('status')).toHaveTextContent(new RegExp(`^${count}$`))
    },
  )
})
