import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { deviceSchema, toMsDate } from '@contract/schemas'
import { DeviceStats } from './device-stats'

const now = Date.UTC(2026, 10, 23, 12)
const iphone = {
  clientid: 'i',
  type: 2,
  displayname: "Anna's iPhone",
  batterylevel: 78,
  lastcontact: toMsDate(now - 1000),
}

describe('DeviceStats', () => {
  it('shows last contact and battery of a device at work', () => {
    render(<DeviceStats device={deviceSchema.parse(iphone)} now={now} className="stats" />)
    expect(screen.getByText('Last contact')).toBeInTheDocument()
    expect(screen.getByText('78%')).toBeInTheDocument()
  })

  it('shows neither battery, storage nor "last contact: now" for a wiped device', () => {
    const wiped = deviceSchema.parse({ ...iphone, wiped: true, managed: false })
    const { container } = render(<DeviceStats device={wiped} now={now} className="stats" />)
    expect(container).toBeEmptyDOMElement()
  })

  it('shows no figures for a device whose management profile was removed: it reports none', () => {
    const removed = deviceSchema.parse({ ...iphone, mdmprofileremoved: true, managed: false })
    const { container } = render(<DeviceStats device={removed} now={now} className="stats" />)
    expect(container).toBeEmptyDOMElement()
  })
})
