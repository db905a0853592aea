import { WINDOW_FROM, WindowList } from '@/components/window-list'
import type { Device } from '@contract/schemas'
import { DeviceCard } from './device-card'

/** A device's owner in the list: as its card names them, and what the search finds them by. */
export interface ListedOwner {
  label: string
  /** Their name and e-mail address, or nothing for a device without an owner. */
  searchBy?: string
}

/** A device of the list with its owner as the cards name it. */
export interface ListedDevice {
  device: Device
  owner: string | null | undefined
}

/** The cards of the list's devices, those that match the search and filters shown. */
export function DeviceCards<T extends ListedDevice>({
  indexed,
  shown,
  busy,
  now,
  deviceHref,
  hideable,
  level = 2,
}: {
  /** All the devices the list holds, in their order. */
  indexed: readonly T[]
  /** The ones that match: entries of `indexed` itself. */
  shown: readonly T[]
  busy: boolean
  now: number
  deviceHref: (clientId: string) => string
  hideable: boolean
  /** The cards' titles' level: 3 in a section of a page under its own heading. */
  level?: 2 | 3
}) {
  if (indexed.length > WINDOW_FROM) {
    // A long list renders the matching cards on screen only, through the window list.
    return (
      <WindowList
        className="device-list"
        hidden={shown.length === 0}
        aria-busy={busy}
        items={shown}
        estimateRowHeight={200}
        memoryKey="devices"
        renderItem={(entry, position) => (
          <DeviceCard
            key={entry.device.clientid}
            device={entry.device}
            now={now}
            hidden={false}
            href={deviceHref(entry.device.clientid)}
            owner={entry.owner}
            position={position}
            hideable={hideable}
            level={level}
          />
        )}
      />
    )
  }
  if (indexed.length === 0) return null
  return (
    <ul className="device-list" hidden={shown.length === 0} aria-busy={busy}>
      {/* Cards that do not match are hidden, not removed: bringing them back when the search gets
          shorter is then one attribute per card. Looked up in the short list itself: a set of
          all matches, made on each keystroke, cost 50,000 entries for the long list. */}
      {indexed.map((entry) => (
        <DeviceCard
          key={entry.device.clientid}
          device={entry.device}
          now={now}
          hidden={!shown.includes(entry)}
          href={deviceHref(entry.device.clientid)}
          owner={entry.owner}
          hideable={hideable}
          level={level}
        />
      ))}
    </ul>
  )
}
