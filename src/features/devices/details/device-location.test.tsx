import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { deviceSchema, toMsDate } from '@contract/schemas'
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
