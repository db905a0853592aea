import { memo } from 'react'
import { Dotted } from '@/components/dot'
import { Link } from 'react-router'
import type { ItemPosition } from '@/components/window-list'
import type { App, Device } from '@contract/schemas'
import { paths } from '@/lib/paths'
import { appName } from './catalog'
import { AppBadges } from '@/features/apps/app-badges'
import { AppIcon } from '@/features/apps/app-icon'
import { AppOnDevice } from '@/features/apps/on-device/app-on-device'
import { useAppLabels } from '@/features/apps/use-app-labels'

/**
 * One app in the list: what it is and, with a device chosen, its state there and its actions.
 * Memoized, its place in a long list (which renders only the cards on screen) given as props of
 * their own: a keystroke in the search renders the cards that come and go, not those that stay.
 */
export const AppCard = memo(function AppCard({
  app,
  device,
  ...position
}: {
  app: App
  device: Device | null
} & ItemPosition) {
  const labels = useAppLabels()
  const name = appName(app)
  return (
    <li className={device ? 'app-card' : 'app-card app-card--plain'} {...position}>
      <AppIcon app={app} near={position['data-item'] !== undefined} />
      <div className="app-card__main">
        <h3 className="app-card__name">
          <Link to={paths.app(app.id, device?.clientid)}>{name}</Link>
        </h3>
        <p className="app-card__meta">
          <Dotted parts={[labels.platform(app), labels.type(app), labels.deviceType(app)]} />
        </p>
        <AppBadges app={app} />
      </div>
      {device && (
        <div className="app-card__state">
          <AppOnDevice app={app} device={device} />
        </div>
      )}
    </li>
  )
})
