import { memo } from 'react'
import { Link } from 'react-router'
import type { Device } from '../../../lib/api/schemas'
import { paths } from '../../../lib/paths'
import { PendingBadges, StatusBadges } from '../device-badges'
import { deviceName, platformOf } from '../device-kind'
import { DeviceStats } from '../device-stats'
import { HealthLine } from '../health-summary'
import { OsIcon } from '../os-icon'

/**
 * One device in the list; the whole card opens its page. A search hides cards rather than
 * removing them, and only the <li> re-renders then: its content is memoized.
 */
export function DeviceCard({
  device,
  now,
  hidden,
}: {
  device: Device
  now: number
  hidden: boolean
}) {
  return (
    <li className="card device-card" hidden={hidden}>
      <CardContent device={device} now={now} />
    </li>
  )
}

const CardContent = memo(function CardContent({ device, now }: { device: Device; now: number }) {
  return (
    <>
      <OsIcon platform={platformOf(device)} />
      <div className="device-card__main">
        <h2 className="device-card__title">
          <Link to={paths.device(device.clientid)}>{deviceName(device)}</Link>
        </h2>
        <p className="device-card__model">
          {[device.modelname, device.osname].filter(Boolean).join(' · ')}
        </p>
        <div className="device-card__badges">
          <StatusBadges device={device} />
          <PendingBadges device={device} />
        </div>
        <DeviceStats device={device} now={now} className="device-card__stats" />
        <HealthLine device={device} now={now} />
      </div>
    </>
  )
})
