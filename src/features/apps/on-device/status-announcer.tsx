import { memo, useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { APP_STATUS, type App, type Device } from '@contract/schemas'
import { appName } from '@/features/apps/catalog/catalog'
import { deviceName } from '@/entities/device/name'
import { SAID_FOR_MS, useAnswerNews } from '@/features/apps/mutations'
import { useAppLabels } from '@/features/apps/use-app-labels'

interface Seen {
  key: string
  statuses: ReadonlyMap<string, number>
}

const NOTHING: Seen = { key: '', statuses: new Map() }

/** What is said of an app whose status has just become `now` (waiting, or settled from it). */
function newsOf(now: number) {
  if (now === APP_STATUS.pending) return 'announce.waiting'
  if (now === APP_STATUS.installed) return 'announce.installed'
  if (now === APP_STATUS.error) return 'announce.failed'
  return 'announce.removed'
}

function seenOf(device: Device | null, apps: readonly App[] | undefined): Seen {
  // Without a device there is no status to follow (and thousands of apps to skip).
  if (!device) return NOTHING
  const statuses = new Map((apps ?? []).map((app) => [app.id, app.status ?? APP_STATUS.unknown]))
  const key = `${device.clientid}|${[...statuses].map(([id, status]) => `${id}:${status}`).join(',')}`
  return { key, statuses }
}

/**
 * Says out loud (politely) when an app starts waiting for the device and when it settles, since
 * that happens seconds after the click, while the user may be anywhere on the page, and a refusal
 * of a request, wherever its app is (a card scrolled away or left out by the search). Memoized:
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
  const labels = useAppLabels()
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
        if (now !== APP_STATUS.pending && before !== APP_STATUS.pending) continue
        lines.push(t(newsOf(now), { app: appName(app), device: deviceName(device) }))
      }
      if (lines.length > 0) setMessage(lines.join(' '))
    }
  }

  // A refusal is said as it comes, or as the user comes back. A request the service took while the
  // screen was away is said as the user comes back, by what its app shows now; one taken while the
  // screen is here is said above, as its app starts waiting.
  const appOf = (appId: string) => apps?.find((each) => each.id === appId)
  useAnswerNews(
    device && apps ? device.clientid : null,
    (appId) => appOf(appId) !== undefined,
    (answers, meanwhile) => {
      if (!device) return
      const lines = answers.flatMap((answer) => {
        const app = appOf(answer.appId)
        if (!app) return []
        const names = { app: appName(app), device: deviceName(device) }
        if (!answer.taken) return [labels.refusal(answer, names)]
        const now = app.status ?? APP_STATUS.unknown
        // An app not installed after an install was not removed: nothing to say of it yet.
        if (!meanwhile || (now === APP_STATUS.unknown && answer.kind === 'install')) return []
        return [t(newsOf(now), names)]
      })
      if (lines.length > 0) setMessage(lines.join(' '))
    },
  )

  // Held a while, then let go: the same words said again are then a change a screen reader hears,
  // and browsing the page finds them in their card alone.
  useEffect(() => {
    if (!message) return
    const timer = setTimeout(() => setMessage(''), SAID_FOR_MS)
    return () => clearTimeout(timer)
  }, [message])

  return (
    <p role="status" className="visually-hidden">
      {message}
    </p>
  )
})
