import { useQuery } from '@tanstack/react-query'
import { memo, useCallback, useEffect, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { ListCount } from '@/components/list-count'
import { NoMatch, useNoMatchTitle } from '@/components/no-match'
import { SearchField } from '@/components/search-field'
import { WindowList, type ItemPosition } from '@/components/window-list'
import { ErrorState } from '@/components/error-state'
import { Skeleton } from '@/components/skeleton'
import { useErrorMessage } from '@/lib/api/error-message'
import { useHelpdeskRole } from '@/entities/user/helpdesk-role'
import { RoleNote } from '@/entities/user/role-note'
import type { App, Device } from '@contract/schemas'
import { appListQuery } from '@/entities/app/queries'
import { changeFailure } from '@/features/apps/app-errors'
import type { RequestKind } from '@/features/apps/app-status'
import {
  appName,
  matchesWords,
  queryWords,
  searchKey,
  sortApps,
} from '@/features/apps/catalog/catalog'
import { deviceName } from '@/entities/device/name'
import { AppBadges } from '@/features/apps/app-badges'
import { AppIcon } from '@/features/apps/app-icon'
import { UninstallDialog } from '@/features/apps/on-device/uninstall-dialog'
import { useAppLabels } from '@/features/apps/use-app-labels'
import { AppChangeButton } from '@/features/apps/on-device/app-change-button'
import { useAppChange } from '@/features/apps/on-device/use-app-change'
import { DeviceAppsFrame, panelPlatform, takesApps, usePanelAppsName } from './device-apps-section'

/**
 * How long the panel's status region holds what it said of a request: long enough for a screen
 * reader to take the words (VoiceOver reads a region's change late), then it is empty again.
 */
export const SAID_FOR_MS = 5000

/** What the panel says of a request the service took: the row shows it, the panel's region says it. */
interface Sent {
  appId: string
  kind: RequestKind
}

/**
 * One app of the tenant on a device, for an administrator. The service tells administrators
 * neither the app's state on the device nor what it offers there (app/list takes `clientid` from
 * users only), so both are offered as what they are, requests, and the panel says why; the
 * service refuses an app that is not assigned to the device's user or does not suit it (App
 * rules 1 and 3), and that refusal is explained here. Its uninstall dialog is made once the row
 * asks for it (and kept, so that closing it hands the focus back): a thousand rows have no
 * thousand closed dialogs. Memoized: a keystroke in the search renders only the rows it adds.
 */
const AdminAppRow = memo(function AdminAppRow({
  app,
  device,
  canChange,
  sent,
  onSent,
  ...position
}: {
  app: App
  device: Device
  canChange: boolean
  /** The request of this app the service took, shown in the row. */
  sent: RequestKind | null
  /** The service took a request of the app (`kind`), or another is on its way (null). */
  onSent: (appId: string, kind: RequestKind | null) => void
} & ItemPosition) {
  const { t } = useTranslation('apps')
  const labels = useAppLabels()
  const errorMessage = useErrorMessage()
  const { change, send, sending, confirming, askToUninstall, uninstallDialog } = useAppChange(
    app,
    device,
    (kind) => onSent(app.id, kind),
    () => onSent(app.id, null),
  )
  const [asked, setAsked] = useState(false)
  const names = { app: appName(app), device: deviceName(device) }

  const failure = change.isError ? changeFailure(change.error) : null
  const error = !change.isError
    ? null
    : failure === 'notAssigned'
      ? t('admin.notAssigned', names)
      : failure
        ? labels.failure(failure, names)
        : t(change.variables.kind === 'uninstall' ? 'errors.uninstall' : 'errors.install', {
            ...names,
            message: errorMessage(change.error),
          })

  return (
    <li className="card admin-app" {...position}>
      <div className="admin-app__head">
        <AppIcon app={app} near={position['data-item'] !== undefined} />
        <div>
          <h3 className="admin-app__name">{names.app}</h3>
          <AppBadges app={app} />
        </div>
      </div>
      {canChange && (
        <div className="admin-app__actions">
          <AppChangeButton
            what="requestInstall"
            names={names}
            pending={sending('install')}
            onClick={() => send('install')}
          />
          <AppChangeButton
            what="requestUninstall"
            names={names}
            onClick={() => {
              setAsked(true)
              askToUninstall()
            }}
          />
        </div>
      )}
      {/* Said by the panel's one status region as the service takes the request; read here after. */}
      {sent && (
        <p className="admin-app__sent">
          {t(sent === 'install' ? 'admin.installSent' : 'admin.uninstallSent', names)}
        </p>
      )}
      {error && !confirming && <Alert tone="error">{error}</Alert>}
      {asked && <UninstallDialog app={app} device={device} {...uninstallDialog(error)} />}
    </li>
  )
})

/**
 * The panel's rows, found by name: a tenant's thousand apps render only those on screen (through
 * the window list, as the catalog does), with one status region for the count and one for the
 * requests the service took.
 */
function AdminAppList({
  apps,
  device,
  canChange,
}: {
  apps: readonly App[]
  device: Device
  canChange: boolean
}) {
  const { t } = useTranslation('apps')
  const searchId = useId()
  const [text, setText] = useState('')
  const words = text.trim()
  // Sorted and made searchable once per answer, not per keystroke.
  const indexed = useMemo(() => {
    const sorted = sortApps(apps)
    return { sorted, keys: new Map(sorted.map((app) => [app, searchKey(app)])) }
  }, [apps])
  const shown = useMemo(() => {
    const folded = queryWords(words)
    if (folded.length === 0) return indexed.sorted
    return indexed.sorted.filter((app) => matchesWords(indexed.keys.get(app) ?? '', folded))
  }, [indexed, words])
  const noMatch = useNoMatchTitle('apps', { query: words, filtered: false })
  // The requests the service took, by app: kept here, as a row scrolled away and back is made
  // anew; the last one is what the panel's status region says.
  const [sent, setSent] = useState<{ byApp: ReadonlyMap<string, RequestKind>; last: Sent | null }>(
    () => ({ byApp: new Map(), last: null }),
  )
  // A row's new request clears what was said of its last one; another row's stays.
  const onSent = useCallback((appId: string, kind: RequestKind | null) => {
    setSent((old) => {
      const byApp = new Map(old.byApp)
      if (kind) byApp.set(appId, kind)
      else byApp.delete(appId)
      const last = kind ? { appId, kind } : old.last?.appId === appId ? null : old.last
      return { byApp, last }
    })
  }, [])
  const last = sent.last
  // The row keeps its words, readable where a listener reading the page meets them (among many
  // rows, scrolled away and back); the region only speaks them, and then lets them go, so that
  // reading the page does not meet them twice. Hiding the row's words instead, as the list's count
  // does, would leave an earlier request unsaid: the region holds the last one alone.
  useEffect(() => {
    if (!last) return
    const timer = setTimeout(
      () => setSent((old) => (old.last === last ? { ...old, last: null } : old)),
      SAID_FOR_MS,
    )
    return () => clearTimeout(timer)
  }, [last])
  const lastApp = last ? apps.find((app) => app.id === last.appId) : undefined

  return (
    <>
      <div role="search" aria-label={t('filters.label')}>
        <SearchField
          id={searchId}
          label={t('filters.search')}
          value={text}
          onChange={setText}
          className="admin-apps__search"
        />
      </div>
      <ListCount
        id={`${searchId}-count`}
        text={
          words
            ? t('list.countFiltered', { count: apps.length, shown: shown.length })
            : t('list.count', { count: apps.length })
        }
        noMatch={shown.length === 0 ? noMatch : null}
        arriving={false}
        asked={words}
      />
      <p role="status" className="visually-hidden">
        {last &&
          lastApp &&
          t(last.kind === 'install' ? 'admin.installSent' : 'admin.uninstallSent', {
            app: appName(lastApp),
            device: deviceName(device),
          })}
      </p>
      {shown.length === 0 ? (
        <NoMatch
          noun="apps"
          narrowed={{ query: words, filtered: false }}
          hint={t('list.noMatch')}
          level={3}
          onClear={() => {
            setText('')
            document.getElementById(searchId)?.focus()
          }}
        />
      ) : (
        <WindowList
          className="card-grid admin-apps"
          items={shown}
          estimateRowHeight={180}
          memoryKey="admin-device-apps"
          renderItem={(app, position) => (
            <AdminAppRow
              key={app.id}
              app={app}
              device={device}
              canChange={canChange}
              sent={sent.byApp.get(app.id) ?? null}
              onSent={onSent}
              {...position}
            />
          )}
        />
      )}
    </>
  )
}

/** The apps an administrator can install on or remove from a device of the tenant. */
export function AdminDeviceApps({ device }: { device: Device }) {
  const { t } = useTranslation('apps')
  const query = useQuery(appListQuery(null))
  const platform = panelPlatform(device)
  const { data } = query
  const apps = useMemo(
    () => (data ?? []).filter((app) => app.platform === platform),
    [data, platform],
  )
  const appsName = usePanelAppsName(device)
  const usable = takesApps(device)
  const canChange = useHelpdeskRole().may('installApps')
  return (
    <DeviceAppsFrame device={device}>
      {!usable ? (
        <p>{t('admin.notManaged')}</p>
      ) : query.isPending ? (
        <Skeleton rows={2} />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : apps.length === 0 ? (
        <p>{t('admin.none', { apps: appsName })}</p>
      ) : (
        <>
          <p className="device-section__lead">{t('admin.unknownState')}</p>
          <RoleNote missing={canChange ? [] : ['installApps']} />
          <AdminAppList apps={apps} device={device} canChange={canChange} />
        </>
      )}
    </DeviceAppsFrame>
  )
}
