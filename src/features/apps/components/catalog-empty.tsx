import { useTranslation } from 'react-i18next'
import { Button } from '@/components/button'
import type { Device } from '@contract/schemas'
import { type CatalogFilter } from '../model/catalog'
import { deviceName } from '@/entities/device'

/** No apps at all, or none that match the search: said plainly, with the way out. */
export function CatalogEmpty({
  kind,
  device,
  filter,
  onClear,
}: {
  kind: 'empty' | 'noMatch'
  device: Device | null
  filter?: CatalogFilter
  onClear?: () => void
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
