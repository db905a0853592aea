import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import type { HelpdeskRole } from '@contract/helpdesk-roles'
import { DEVICE_TYPE, deviceSchema, toMsDate, type Device } from '@contract/schemas'
import { helpdeskRoleQuery } from '@/entities/user/helpdesk-role'
import { changeLanguage } from '@/lib/i18n'
import { DeviceCard } from './device-card'
import { DeviceCards } from './device-cards'
import { spoken } from '@/test/spoken'

const now = Date.UTC(2026, 10, 23, 12)

/** A supervised iPhone out of lost mode, which knows no place: only lost mode would ask it. */
const iphone = deviceSchema.parse({
  clientid: 'i',
  displayname: "Anna's iPhone",
  type: DEVICE_TYPE.ios,
  supervised: true,
  actions: { enablelostmode: { status: 0, visible: true } },
})

/** A company's Android phone with a place known 25 minutes ago. */
const pixel = deviceSchema.parse({
  clientid: 'p',
  displayname: "Anna's Pixel",
  type: DEVICE_TYPE.android,
  androidforworktype: 3,
  location: { latitude: 48.13743, longitude: 11.57549, timestamp: toMsDate(now - 25 * 60_000) },
  actions: {
    enablelostmode: { status: 0, visible: true },
    requestlocation: { status: 0, visible: true },
  },
})

/** The card in the help desk's list, for the role given, or with none while it is read. */
function cardFor(device: Device, role?: HelpdeskRole) {
  const client = new QueryClient()
  if (role) client.setQueryData(helpdeskRoleQuery().queryKey, { role, roles: true })
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/admin/devices']}>
        <ul>
          <DeviceCard
            device={device}
            now={now}
            hidden={false}
            href={`/admin/devices/${device.clientid}`}
          />
        </ul>
      </MemoryRouter>
    </QueryClientProvider>
  )
}

describe('"Lost?" on a device card in the help desk', () => {
  it('is offered to the help desk, which can turn on lost mode there', () => {
    render(cardFor(iphone, 'helpdesk'))
    expect(screen.getByRole('link', { name: /^Lost\?/ })).toHaveAttribute(
      'href',
      '/admin/devices/i#location',
    )
  })

  it('is not offered to an auditor where no place is known: nothing there is theirs to do', () => {
    render(cardFor(iphone, 'auditor'))
    expect(screen.getByRole('link', { name: "Anna's iPhone" })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /^Lost\?/ })).toBeNull()
  })

  it('leads an auditor to a place known, as "Show on the map"', () => {
    render(cardFor(pixel, 'auditor'))
    expect(screen.queryByRole('link', { name: /^Lost\?/ })).toBeNull()
    expect(screen.getByRole('link', { name: /^Show on the map/ })).toHaveAttribute(
      'href',
      '/admin/devices/p#location',
    )
  })

  it('holds its place, inert, while the role is read', () => {
    const { container } = render(cardFor(iphone))
    const link = container.querySelector('.device-card__find')
    expect(link).toHaveTextContent('Lost?')
    expect(link).toHaveAttribute('inert')
  })
})

// A list of the page's links would otherwise read "Lost?, Lost?, Lost?": each says which device,
// after the words it shows (WCAG 2.5.3, label in name).
describe("the name of a card's way to find its device", () => {
  afterEach(async () => {
    cleanup()
    await changeLanguage('en')
  })

  it('says which device, after its visible text, in English and German', async () => {
    const { unmount } = render(cardFor(iphone, 'helpdesk'))
    expect(screen.getByRole('link', { name: "Lost? Anna's iPhone" })).toHaveAttribute(
      'href',
      '/admin/devices/i#location',
    )
    unmount()
    await changeLanguage('de')
    render(cardFor(iphone, 'helpdesk'))
    expect(screen.getByRole('link', { name: /^Verloren\? Anna's iPhone$/ })).toHaveTextContent(
      'Verloren?',
    )
  })

  it('says which device when it shows the place on the map, or where a lost device is', async () => {
    const { unmount } = render(cardFor(pixel, 'auditor'))
    expect(screen.getByRole('link', { name: "Show on the map: Anna's Pixel" })).toBeInTheDocument()
    unmount()
    const lost: Device = { ...pixel, lostmodeenabled: true }
    render(cardFor(lost, 'helpdesk'))
    expect(screen.getByRole('link', { name: "Show where it is: Anna's Pixel" })).toBeInTheDocument()
  })
})

// On a user's page the devices are a section under "Devices (3)", a heading of level 2: their
// cards' titles come under it, a level lower, not beside it.
describe('the cards in a section of a page', () => {
  it('have titles a level below the section', () => {
    const entries = [iphone, pixel].map((device) => ({ device, owner: undefined }))
    const client = new QueryClient()
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <DeviceCards
            indexed={entries}
            shown={entries}
            busy={false}
            now={now}
            deviceHref={(id) => `/admin/devices/${id}`}
            hideable={false}
            level={3}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    )
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      "Anna's iPhone",
      "Anna's Pixel",
    ])
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([])
  })
})

// The dot between model and system is for the eye: a screen reader would say "middle dot".
describe('the model line of a card', () => {
  it('is read without the dot between its parts', () => {
    const phone = deviceSchema.parse({
      clientid: 'm',
      displayname: "Anna's iPhone",
      modelname: 'iPhone 15 Pro',
      osname: 'iOS 17.5.1',
      type: DEVICE_TYPE.ios,
    })
    render(cardFor(phone, 'helpdesk'))
    const line = screen.getByText((_, element) => element?.className === 'device-card__model')
    expect(line).toHaveTextContent('iPhone 15 Pro · iOS 17.5.1')
    expect(spoken(line).replace(/\s+/g, ' ')).toBe('iPhone 15 Pro iOS 17.5.1')
  })
})
