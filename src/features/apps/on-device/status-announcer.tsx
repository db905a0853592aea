import { memo, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { APP_STATUS, type App, type Device } from '@contract/schemas'
import { appName } from '@/features/apps/catalog/catalog'
import { deviceName } from '@/entities/device/name'

interface Seen {
  key: string
  statuses: ReadonlyMap<string, number>
}

const NOTHING: Seen = { key: '', statuses: new Map() }

function seenOf(device: Device | null, apps: readonly App[] | undefined): Seen {
  // Without a device there is no status to follow (and thousands of apps to skip).
  if (!device) return NOTHING
  const statuses = new Map((apps ?? []).map((app) => [app.id, app.status ?? APP_STATUS.unknown]))
  const key = `${device.clientid}|${[...statuses].map(([id, status]) => `${id}:${status}`).join(',')}`
  return { key, statuses }
}

/**
 * Says out loud (politely) when an app starts waiting for the device and when it settles, since
 * that happens seconds after the click, while the user may be anywhere on the page. Memoized:
 * a keystroke in the search changes neither the device nor the apps.
 */
export const StatusAnnouncer = memo(function StatusAnnouncer({
  device,
  apps,
}: {
  device: Device | null
  apps: readonly App[] | undefined
}) {
  const { t } = useTranslation('apps')
  // Once per answer, not with every keystroke in the search: a large account has thousands.
  const current = useMemo(() => seenOf(device, apps), [device, apps])
  const [seen, setSeen] = useState(current)
  const [message, setMessage] = useState('')

  // Compared while rendering (not in an effect), so the news is never one render late.
  if (seen.key !== current.key) {
    setSeen(current)
    const sameDevice = seen.key.split('|')[0] === current.key.split('|')[0]
    if (device && apps && sameDevice) {
      const lines: string[] = []
      for (const app of apps) {
        const before = seen.statuses.get(app.id)
        const now = app.status ?? APP_STATUS.unknown
        if (before === undefined || before === now) continue
        const names = { app: appName(app), device: deviceName(device) }
        if (now === APP_STATUS.pending) lines.push(t('announce.waiting', names))
        else if (before !== APP_STATUS.pending) continue
        else if (now === APP_STATUS.installed) lines.push(t('announce.installed', names))
        else if (now === APP_STATUS.error) lines.push(t('announce.failed', names))
        else lines.push(t('announce.removed', names))
      }
      if (lines.length > 0) setMessage(lines.join(' '))
    }
  }

  return (
    <p role="status" className="visually-hidden">
      {message}
    </p>
  )
})
