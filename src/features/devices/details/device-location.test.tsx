import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { deviceSchema, toMsDate } from '../../../../contract/schemas'
import { setConfig } from '../../../lib/config'
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

describe('DeviceLocation', () => {
  afterEach(() => setConfig({}))

  it('gives the position as text with its age, and the accuracy only when the service sends one', () => {
    setConfig({})
    const { unmount } = render(<DeviceLocation device={pixel({ accuracy: 35 })} now={now} />)
    expect(screen.getByText('48.13743')).toBeInTheDocument()
    expect(screen.getByText(/^Recorded 25 minutes ago/)).toBeInTheDocument()
    expect(screen.getByText('Accurate to about 35 m')).toBeInTheDocument()
    unmount()
    render(<DeviceLocation device={pixel({})} now={now} />)
    expect(screen.queryByText(/Accurate to about/)).toBeNull()
  })

  it('ignores an accuracy that is not a positive number', () => {
    render(<DeviceLocation device={pixel({ accuracy: -1 })} now={now} />)
    expect(screen.queryByText(/Accurate to about/)).toBeNull()
  })

  it('shows no map, and loads none, when the server has no tile server', () => {
    setConfig({ map: null })
    render(<DeviceLocation device={pixel({})} now={now} />)
    expect(screen.queryByRole('region', { name: /^Map of the last location/ })).toBeNull()
    expect(screen.getByRole('link', { name: /Open on OpenStreetMap/ })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=48.13743&mlon=11.57549#map=16/48.13743/11.57549',
    )
  })
})
