import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import type { App, Device } from '@contract/schemas'
import { useRequestedChange } from '@/features/apps/mutations'
import {
  statusKind,
  visibleActions,
  waitingNote,
  type StatusKind,
} from '@/features/apps/app-status'
import { useNow } from '@/lib/clock'
import { formatDateTime, formatRelative } from '@/lib/format'
import { appName } from '@/features/apps/catalog/catalog'
import { deviceName } from '@/entities/device/name'
import { UninstallDialog } from './uninstall-dialog'
import { useAppLabels } from '@/features/apps/use-app-labels'
import { AppChangeButton } from './app-change-button'
import { useAppChange } from './use-app-change'

const TONE: Record<StatusKind, string> = {
  notInstalled: 'badge',
  installing: 'badge badge--info',
  uninstalling: 'badge badge--info',
  pending: 'badge badge--info',
  failed: 'badge badge--danger',
  installed: 'badge badge--success',
}

/**
 * An app on one device: its status in words, what can be done with it, and why not when nothing
 * can. Used in the list and on the app's page.
 */
export function AppOnDevice({ app, device }: { app: App; device: Device }) {
  const { t } = useTranslation('apps')
  const labels = useAppLabels()
  const { kind: requested, since } = useRequestedChange(app, device)
  const now = useNow()
  const [focusRequests, setFocusRequests] = useState(0)
  const rootRef = useRef<HTMLDivElement>(null)
  const statusRef = useRef<HTMLDivElement>(null)
  const { outcome, send, sending, confirming, askToUninstall, uninstallDialog } = useAppChange(
    app,
    device,
    () => {
      const focused = document.activeElement
      if (focused === document.body || rootRef.current?.contains(focused)) {
        setFocusRequests((count) => count + 1)
      }
    },
  )

  // The button that was pressed is gone once the app waits for the device: keep the keyboard
  // user where the news is, on the status (a user who has gone on elsewhere stays there).
  useEffect(() => {
    if (focusRequests > 0) statusRef.current?.focus()
  }, [focusRequests])

  const names = { app: appName(app), device: deviceName(device) }

  if (app.compatibletodevice === false) {
    return (
      <div className="app-state">
        <p className="app-state__reason">{labels.incompatibility(app)}</p>
      </div>
    )
  }

  const kind = statusKind(app, requested)
  const actions = visibleActions(app)
  const waiting = kind === 'installing' || kind === 'uninstalling' || kind === 'pending'
  const error = outcome?.state === 'failed' ? labels.refusal(outcome, names) : null

  const noActions = !waiting && !actions.install && !actions.uninstall && !actions.update

  return (
    <div ref={rootRef} className="app-state">
      <div ref={statusRef} tabIndex={-1} className="app-state__status focus-target">
        <p className="app-state__line">
          <span className="visually-hidden">{t('status.label', { device: names.device })} </span>
          <span className={TONE[kind]}>{labels.status(kind, app.statusdetails)}</span>
        </p>
        {waiting && (
          <p className="app-state__note">
            {t(waitingNote(since, now), {
              device: names.device,
              relative: since ? formatRelative(since, Math.max(now, since.getTime())) : '',
              time: since ? formatDateTime(since) : '',
            })}
          </p>
        )}
        {kind === 'failed' && (
          <p className="app-state__note">
            {t(actions.install ? 'status.failedHelp' : 'status.failedContact')}
          </p>
        )}
        {actions.update && <p className="app-state__note">{t('actions.updateHint')}</p>}
        {noActions && app.mandatory && kind === 'installed' && (
          <p className="app-state__note">{t('actions.mandatoryInstalled')}</p>
        )}
      </div>
      {!noActions && !waiting && (
        <div className="app-state__actions">
          {actions.install && (
            <AppChangeButton
              what={kind === 'failed' ? 'installAgain' : 'install'}
              names={names}
              pending={sending('install')}
              onClick={() => send('install')}
            />
          )}
          {/* The interface has no update endpoint; installing an app that is already there
              brings it to the newest version, so "update" sends an install. */}
          {actions.update && !actions.install && (
            <AppChangeButton
              what="update"
              names={names}
              pending={sending('install')}
              onClick={() => send('install')}
            />
          )}
          {actions.uninstall && (
            <AppChangeButton what="uninstall" names={names} onClick={askToUninstall} />
          )}
        </div>
      )}
      {/* Said once by the screen's status region (StatusAnnouncer), wherever the app is: shown
          here only. */}
      {error && !confirming && (
        <Alert tone="error" announced={false}>
          {error}
        </Alert>
      )}
      <UninstallDialog app={app} device={device} {...uninstallDialog(error)} />
    </div>
  )
}
