import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import type { HelpdeskRole } from '@contract/helpdesk-roles'
import { helpdeskRoleQuery } from '@/entities/user/helpdesk-role'
import { i18n } from '@/lib/i18n'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { DEVICE_TYPE, deviceSchema, toMsDate } from '@contract/schemas'
import { setConfig } from '@/lib/config'
import { DeviceLocation } from './device-location'

const now = Date.UTC(2026, 10, 23, 12)

function pixel(location: Record<string, unknown>) {
  return deviceSchema.parse({
    clientid: 'p',
    displayname: "Anna's Pixel",
    type: 4,
    location: {
      latitude: 48.13743,
      longitude: 11.57549,
      timestamp: toMsDate(now - 25 * 60_000),
      ...location,
    },
  })
}

/** An employee's page: an address outside the help desk, and a cache for its role (none asked). */
function show(device: ReturnType<typeof pixel>, isKept = false) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/devices/p']}>
        <DeviceLocation
          device={device}
          location={device.location ?? null}
          isKept={isKept}
          now={now}
        />
      </MemoryRouter>
    </QueryClientProvider>
  )
}

describe('DeviceLocation', () => {
  afterEach(() => setConfig({}))

  it('gives the position as text with its age, and the accuracy only when the service sends one', () => {
    setConfig({})
    const { unmount } = render(show(pixel({ accuracy: 35 })))
    expect(screen.getByText('48.13743')).toBeInTheDocument()
    expect(screen.getByText(/^Recorded 25 minutes ago/)).toBeInTheDocument()
    expect(screen.getByText('Accurate to about 35 m')).toBeInTheDocument()
    unmount()
    render(show(pixel({})))
    expect(screen.queryByText(/Accurate to about/)).toBeNull()
  })

  it('ignores an accuracy that is not a positive number', () => {
    render(show(pixel({ accuracy: -1 })))
    expect(screen.queryByText(/Accurate to about/)).toBeNull()
  })

  it('shows no map, and loads none, when the server has no tile server', () => {
    setConfig({ map: null })
    render(show(pixel({})))
    expect(screen.queryByRole('region', { name: /^Map of the last location/ })).toBeNull()
    expect(screen.getByRole('link', { name: /Open on OpenStreetMap/ })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=48.13743&mlon=11.57549#map=16/48.13743/11.57549',
    )
  })

  it('says when the location is the one this browser kept, no longer reported by the device', () => {
    setConfig({})
    render(show(pixel({}), true))
    expect(screen.getByText(/^Anna's Pixel no longer reports this location/)).toBeInTheDocument()
    expect(screen.getByText('48.13743')).toBeInTheDocument()
  })
})

/** A supervised iPhone out of lost mode: it tells its place only in lost mode, and knows none. */
const iphone = deviceSchema.parse({
  clientid: 'i',
  displayname: "Anna's iPhone",
  type: DEVICE_TYPE.ios,
  supervised: true,
  actions: { enablelostmode: { status: 0, visible: true } },
})

/** A company's Android phone that Locate can ask, with no place known yet. */
const galaxy = deviceSchema.parse({
  clientid: 'g',
  displayname: 'Lab Galaxy',
  type: DEVICE_TYPE.android,
  androidforworktype: 3,
  actions: {
    enablelostmode: { status: 0, visible: true },
    requestlocation: { status: 0, visible: true },
  },
})

/**
 * The help desk's page of a device with no place known, as it leads the page ("Lost?"): the role
 * is the one given, or, with none, still being read (no session here asks for it).
 */
function helpdeskShows(device: typeof iphone, role?: HelpdeskRole) {
  const client = new QueryClient()
  if (role) client.setQueryData(helpdeskRoleQuery().queryKey, { role, roles: true })
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[`/admin/devices/${device.clientid}#location`]}>
        <DeviceLocation device={device} location={null} isKept={false} now={now} leads />
      </MemoryRouter>
    </QueryClientProvider>
  )
}

const tiles = { url: 'https://tiles.example/{z}/{x}/{y}.png', attribution: 'Tiles' }
const placeholder = () => document.querySelector('.location__frame')

describe('DeviceLocation with no place known, by the help desk role', () => {
  afterEach(async () => {
    // Unmounted before the language changes back: a page on screen would draw it outside act().
    cleanup()
    setConfig({})
    await i18n.changeLanguage('en')
  })

  it('tells an auditor no place is known and who can ask for it, not to turn on lost mode', () => {
    render(helpdeskShows(iphone, 'auditor'))
    expect(
      screen.getByText(
        "No location is known. As an auditor, you cannot locate Anna's iPhone. Ask the help desk or an administrator.",
      ),
    ).toBeInTheDocument()
    expect(screen.queryByText(/Turn on lost mode first/)).toBeNull()
  })

  it('tells an auditor the same in German', async () => {
    await i18n.changeLanguage('de')
    render(helpdeskShows(iphone, 'auditor'))
    expect(
      screen.getByText(
        "Kein Standort bekannt. Als Auditor können Sie Anna's iPhone nicht orten. Fragen Sie den Helpdesk oder einen Administrator.",
      ),
    ).toBeInTheDocument()
  })

  it('does not tell an auditor to use Locate where Locate could ask', () => {
    render(helpdeskShows(galaxy, 'auditor'))
    expect(
      screen.getByText(
        'No location is known. As an auditor, you cannot locate Lab Galaxy. Ask the help desk or an administrator.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByText(/Use Locate/)).toBeNull()
  })

  it('tells the help desk what it can do, as before', () => {
    const { unmount } = render(helpdeskShows(iphone, 'helpdesk'))
    expect(
      screen.getByText(
        'No location is known. This device reports its location only while lost mode is on. Turn on lost mode first.',
      ),
    ).toBeInTheDocument()
    unmount()
    render(helpdeskShows(galaxy, 'admin'))
    expect(
      screen.getByText('No location is known. Use Locate to ask the device where it is.'),
    ).toBeInTheDocument()
  })

  it('while the role is read, holds the text of a role that may act, marked busy', () => {
    render(helpdeskShows(iphone))
    const text = screen.getByText(/^No location is known\. This device reports/)
    expect(text).toHaveAttribute('aria-busy', 'true')
  })

  it("keeps the map's place for every role and while the role is read; the auditor's tells why it stays empty", () => {
    setConfig({ map: tiles })
    const { unmount } = render(helpdeskShows(iphone, 'auditor'))
    // Never an empty box for whom no place will come: it holds why, marked with a pin.
    expect(placeholder()).toHaveTextContent(
      "No location is known. As an auditor, you cannot locate Anna's iPhone. Ask the help desk or an administrator.",
    )
    expect(placeholder()?.querySelector('.location__pin')).not.toBeNull()
    unmount()
    const helpdesk = render(helpdeskShows(iphone, 'helpdesk'))
    expect(placeholder()).toHaveTextContent(/Turn on lost mode first\.$/)
    expect(placeholder()?.querySelector('.location__pin')).toBeNull()
    helpdesk.unmount()
    render(helpdeskShows(iphone))
    expect(placeholder()).toHaveTextContent(/Turn on lost mode first\.$/)
  })

  it("keeps the map's place for an auditor while the place is being asked", () => {
    setConfig({ map: tiles })
    const asked = deviceSchema.parse({
      ...galaxy,
      actions: { ...galaxy.actions, requestlocation: { status: 1, visible: true } },
    })
    render(helpdeskShows(asked, 'auditor'))
    expect(placeholder()?.querySelector('.spinner')).not.toBeNull()
    expect(screen.getByText('Asking Lab Galaxy where it is…')).toBeInTheDocument()
  })
})
