import { useQuery } from '@tanstack/react-query'
import { memo, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { ListCount } from '@/components/list-count'
import { NoMatch, useNoMatchTitle } from '@/components/no-match'
import { SearchField } from '@/components/search-field'
import { WindowList, type ItemPosition } from '@/components/window-list'
import { ErrorState } from '@/components/error-state'
import { Skeleton } from '@/components/skeleton'
import { useHelpdeskRole } from '@/entities/user/helpdesk-role'
import { RoleNote } from '@/entities/user/role-note'
import type { App, Device } from '@contract/schemas'
import { appListQuery } from '@/entities/app/queries'
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
import { DeviceAppsFrame, panelPlatform, takesApps, usePanelAppsName } from './device-apps-section'
import { useChangeTaken, type Answer, type Outcome } from '@/features/apps/mutations'
import { usePanelRequests } from './use-panel-requests'

/**
 * One app of the tenant on a device, for an administrator. The service tells administrators
 * neither the app's state on the device nor what it offers there (app/list takes `clientid` from
 * users only), so both are offered as what they are, requests, and the panel says why; the
 * service refuses an app that is not assigned to the device's user or does not suit it (App
 * rules 1 and 3), and that refusal is explained here. Its request's outcome is the tab's (a row
 * scrolled away and back is made anew, and so is the panel with the device's page). Its uninstall
 * dialog is made once the row asks for it (and kept, so that closing it hands the focus back): a
 * thousand rows have no thousand closed dialogs. Memoized: a keystroke in the search renders only
 * the rows it adds.
 */
const AdminAppRow = memo(function AdminAppRow({
  app,
  device,
  canChange,
  outcome,
  said,
  onRequest,
  onForgetFailure,
  ...position
}: {
  app: App
  device: Device
  canChange: boolean
  /** Where the app's last request of the panel stands, if it made one. */
  outcome: Outcome | null
  /** The panel's status region holds what the row says of its request, for now. */
  said: boolean
  onRequest: (appId: string, kind: RequestKind) => void
  onForgetFailure: (appId: string) => void
} & ItemPosition) {
  const { t } = useTranslation('apps')
  const labels = useAppLabels()
  const [confirming, setConfirming] = useState(false)
  const [asked, setAsked] = useState(false)
  const names = { app: appName(app), device: deviceName(device) }
  const pending = outcome?.state === 'pending' ? outcome.kind : null
  const send = (kind: RequestKind) => onRequest(app.id, kind)
  // The dialog waits for its request, sent from this row or from one made before it.
  useChangeTaken(device.clientid, ({ appId }) => {
    if (appId === app.id) setConfirming(false)
  })

  const error = outcome?.state === 'failed' ? labels.refusal(outcome, names, 'helpdesk') : null
  const sent = outcome?.state === 'sent' ? outcome.kind : null

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
            pending={pending === 'install'}
            onClick={() => send('install')}
          />
          <AppChangeButton
            what="requestUninstall"
            names={names}
            onClick={() => {
              setAsked(true)
              // An uninstall still on its way is kept: the reopened dialog waits for its answer.
              onForgetFailure(app.id)
              setConfirming(true)
            }}
          />
        </div>
      )}
      {/* Said by the panel's one status region as the service takes the request, and found there
          while it holds the words (as the list's count is); read here after. */}
      {sent && (
        <p className="admin-app__sent" aria-hidden={said || undefined}>
          {t(sent === 'install' ? 'admin.installSent' : 'admin.uninstallSent', names)}
        </p>
      )}
      {/* Said by the same region, whether the row is in view or not; read here after. */}
      {error && !confirming && (
        <div aria-hidden={said || undefined}>
          <Alert tone="error" announced={false}>
            {error}
          </Alert>
        </div>
      )}
      {asked && (
        <UninstallDialog
          app={app}
          device={device}
          open={confirming}
          pending={pending === 'uninstall'}
          error={confirming ? error : null}
          onConfirm={() => send('uninstall')}
          onClose={() => {
            setConfirming(false)
            onForgetFailure(app.id)
          }}
        />
      )}
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
  const labels = useAppLabels()
  const { byApp, news, request, forgetFailure } = usePanelRequests(device, apps)
  /** What the region says of an answer. */
  const said = (answer: Answer) => {
    const app = apps.find((each) => each.id === answer.appId)
    if (!app) return []
    const names = { app: appName(app), device: deviceName(device) }
    if (!answer.taken) return [labels.refusal(answer, names, 'helpdesk')]
    return [t(answer.kind === 'install' ? 'admin.installSent' : 'admin.uninstallSent', names)]
  }

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
        {news.flatMap(said).join(' ')}
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
              outcome={byApp.get(app.id) ?? null}
              said={news.some((answer) => answer.appId === app.id)}
              onRequest={request}
              onForgetFailure={forgetFailure}
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
