import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '@/components/button'
import type { Device } from '@contract/schemas'
import { type CatalogFilter } from './catalog'
import { deviceName } from '@/entities/device/name'

/** No apps at all, or none that match the search: said plainly, with the way out. */
export function CatalogEmpty({
  kind,
  device,
  filter,
  elsewhere = 0,
  allAppsHref,
  onClear,
  onAllPlatforms,
}: {
  kind: 'empty' | 'noMatch'
  device: Device | null
  filter?: CatalogFilter
  /** How many apps of another platform than the device's (or the one chosen) match the search. */
  elsewhere?: number
  /** All the user's apps with the same search, for a device's catalog. */
  allAppsHref?: string
  onClear?: () => void
  onAllPlatforms?: () => void
}) {
  const { t } = useTranslation('apps')
  if (kind === 'empty') {
    return (
      <div className="card empty-state">
        <h2>{t('list.emptyTitle')}</h2>
        <p>{device ? t('list.emptyDevice', { device: deviceName(device) }) : t('list.emptyAll')}</p>
      </div>
    )
  }
  if (elsewhere > 0 && filter?.query) {
    const values = { query: filter.query, count: elsewhere }
    return (
      <div className="card empty-state">
        <h2>{t('list.noMatchTitle')}</h2>
        <p>
          {device
            ? t('list.noMatchOtherPlatforms', { ...values, device: deviceName(device) })
            : t('list.noMatchOtherPlatform', values)}
        </p>
        {device && allAppsHref ? (
          <Link className="button button--secondary" to={allAppsHref}>
            {t('list.showAll')}
          </Link>
        ) : (
          onAllPlatforms && <Button onClick={onAllPlatforms}>{t('list.showAllPlatforms')}</Button>
        )}
      </div>
    )
  }
  return (
    <div className="card empty-state">
      <h2>{t('list.noMatchTitle')}</h2>
      <p>
        {filter?.query ? t('list.noMatch', { query: filter.query }) : t('list.noMatchPlatform')}
      </p>
      {onClear && (
        <Button onClick={onClear}>
          {t(filter?.platform ? 'list.clearFilters' : 'list.clearSearch')}
        </Button>
      )}
    </div>
  )
}
