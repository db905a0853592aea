import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '@/components/button'
import { NoMatch } from '@/components/no-match'
import type { Device } from '@contract/schemas'
import { type CatalogFilter } from './catalog'
import { deviceName } from '@/entities/device/name'

/** No apps at all, or none that match the search and platform: said plainly, with the way out. */
export function CatalogEmpty(
  props:
    | { kind: 'empty'; device: Device | null }
    | {
        kind: 'noMatch'
        device: Device | null
        filter: CatalogFilter
        /** How many apps of another platform than the device's (or the one chosen) match the search. */
        elsewhere?: number
        /** All the user's apps with the same search, for a device's catalog. */
        allAppsHref?: string
        /** Clears the search and the platform: the card's own way out. */
        onClear: () => void
        onAllPlatforms?: () => void
      },
) {
  const { t } = useTranslation('apps')
  const { device } = props
  if (props.kind === 'empty') {
    return (
      <div className="card empty-state">
        <h2>{t('list.emptyTitle')}</h2>
        <p>{device ? t('list.emptyDevice', { device: deviceName(device) }) : t('list.emptyAll')}</p>
      </div>
    )
  }
  const { filter, elsewhere = 0, allAppsHref, onClear, onAllPlatforms } = props
  const { query, platform } = filter
  const values = { query, count: elsewhere }
  return (
    <NoMatch
      noun="apps"
      narrowed={{ query, filtered: platform !== null }}
      hint={
        // A search that matches apps of another platform says so, rather than suggest the
        // spelling is wrong.
        elsewhere > 0 && query
          ? device
            ? t('list.noMatchOtherPlatforms', { ...values, device: deviceName(device) })
            : t('list.noMatchOtherPlatform', values)
          : query && platform
            ? t('list.noMatchBoth')
            : query
              ? t('list.noMatch')
              : t('list.noMatchPlatform')
      }
      onClear={onClear}
    >
      {elsewhere > 0 &&
        query &&
        (device && allAppsHref ? (
          <Link className="button button--secondary" to={allAppsHref}>
            {t('list.showAll')}
          </Link>
        ) : (
          onAllPlatforms && <Button onClick={onAllPlatforms}>{t('list.showAllPlatforms')}</Button>
        ))}
    </NoMatch>
  )
}
