import { memo } from 'react'
import { Dotted } from '@/components/dot'
import { useTranslation } from 'react-i18next'
import { Glyph } from '@/components/icons'
import type { ItemPosition } from '@/components/window-list'
import { Link } from 'react-router'
import type { Device } from '@contract/schemas'
import { paths } from '@/lib/paths'
import { PendingBadges, StatusBadges } from '@/features/devices/device-badges'
import { deviceName } from '@/entities/device/name'
import { isRetired } from '@/entities/device/status'
import { platformOf } from '@contract/platform'
import { actionState } from '@/features/devices/availability'
import { useHelpdeskRole } from '@/entities/user/helpdesk-role'
import { LOCATION_ID } from '@/features/devices/details/device-location'
import { HideToggle } from '@/features/devices/hide-toggle'
import { DeviceStats } from '@/features/devices/device-stats'
import { HealthLine } from '@/features/devices/health-summary'
import { OsIcon } from '@/features/devices/os-icon'

/**
 * One device in the list; the whole card opens its page. A search hides cards rather than
 * removing them, and only the <li> re-renders then: its content is memoized.
 */
export function DeviceCard({
  device,
  now,
  hidden,
  href = paths.device(device.clientid),
  owner,
  position,
  hideable = false,
  level = 2,
}: {
  device: Device
  now: number
  hidden: boolean
  /** Its title's level: 3 in a section of a page (a user's devices). */
  level?: 2 | 3
  /** Its place in a long list, which renders only the cards on screen. */
  position?: ItemPosition
  /** Where the card leads: the employee's device page unless another is given. */
  href?: string
  /** Who the device belongs to, for the administrators' list; null while it is not yet known. */
  owner?: string | null
  /** A retired device offers to be hidden from (or shown again in) the employee's own list. */
  hideable?: boolean
}) {
  return (
    <li className="card card--link device-card" hidden={hidden} {...position}>
      <CardContent
        device={device}
        now={now}
        href={href}
        owner={owner}
        hideable={hideable}
        level={level}
      />
    </li>
  )
}

/**
 * "Lost?": the way to find the device, straight to its location on its page, where lost mode is
 * offered (Find My's "Mark as lost"); with lost mode on, the way to where it is. A help desk role
 * that may neither turn on lost mode nor locate finds nothing to do there: it is led only to a
 * place known. While the role is read the link holds its place, inert, as the actions do.
 */
function FindLink({ device, href }: { device: Device; href: string }) {
  const { t } = useTranslation('devices')
  const role = useHelpdeskRole()
  const lost = device.lostmodeenabled
  if (!lost && !actionState(device, 'lostMode').available) return null
  const acts = role.reading || role.may('lostMode') || role.may('locate')
  if (!acts && !device.location) return null
  const name = deviceName(device)
  return (
    // Its name tells which device, as the card tells it to the eye: a list of the page's links
    // would otherwise read "Lost?, Lost?, Lost?". It starts with the words shown (label in name).
    <Link
      className="device-card__find"
      to={`${href}#${LOCATION_ID}`}
      aria-label={t(lost ? 'find.whereNamed' : acts ? 'find.lostNamed' : 'find.mapNamed', { name })}
      inert={role.reading}
      aria-busy={role.reading || undefined}
    >
      <Glyph name="pin" />
      {t(lost ? 'find.where' : acts ? 'find.lost' : 'location.showOnMap')}
    </Link>
  )
}

const CardContent = memo(function CardContent({
  device,
  now,
  href,
  owner,
  hideable,
  level,
}: {
  device: Device
  now: number
  href: string
  owner: string | null | undefined
  hideable: boolean
  level: 2 | 3
}) {
  const Title = level === 3 ? 'h3' : 'h2'
  return (
    <>
      <OsIcon platform={platformOf(device)} />
      <div className="device-card__main">
        <Title className="card__title">
          <Link className="card__link" to={href}>
            {deviceName(device)}
          </Link>
        </Title>
        {owner !== undefined && (
          <p className="device-card__owner">{owner ?? <span className="text-slot" />}</p>
        )}
        <p className="device-card__model">
          <Dotted parts={[device.modelname, device.osname]} />
        </p>
        <div className="device-card__badges">
          <StatusBadges device={device} />
          <PendingBadges device={device} />
        </div>
        {/* "No contact for over 48 hours" is said once, on the health line below. */}
        <DeviceStats device={device} now={now} className="device-card__stats" warnQuiet={false} />
        <HealthLine device={device} now={now} />
        <FindLink device={device} href={href} />
        {hideable && isRetired(device) && <HideToggle device={device} compact />}
      </div>
    </>
  )
})
