import { memo, useId, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { NoMatchSaid, useNoMatchTitle } from '@/components/no-match'
import { WindowList } from '@/components/window-list'
import type { App, Device } from '@contract/schemas'
import { deviceName } from '@/entities/device/name'
import {
  matchesWords,
  queryWords,
  searchKey,
  sortApps,
  splitForDevice,
  type CatalogFilter,
} from './catalog'
import { AppCard } from './app-card'
import { CatalogEmpty } from './catalog-empty'

interface Section {
  id: string
  title: string
  lead?: string
  apps: App[]
}

/** Rendered again only when its apps or the device change (not while the search stays the same). */
const AppSection = memo(function AppSection({
  section,
  device,
}: {
  section: Section
  device: Device | null
}) {
  const headingId = useId()
  if (section.apps.length === 0) return null
  return (
    <section className="apps-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="apps-section__title">
        {section.title}
      </h2>
      {section.lead && <p className="apps-section__lead">{section.lead}</p>}
      {/* A long section renders the cards on screen only, through the window list. */}
      <WindowList
        className={device ? 'app-list' : 'app-list app-list--cards'}
        items={section.apps}
        estimateRowHeight={device ? 120 : 96}
        memoryKey={`apps-${section.id}`}
        renderItem={(app, position) => (
          <AppCard key={app.id} app={app} device={device} {...position} />
        )}
      />
    </section>
  )
})

/**
 * The apps, narrowed by search and platform: for one device split into what it can run and what
 * not; without a device grouped by platform. Memoized: rendered again when the apps, the device
 * or the filter change, not for the deferred render and the address that follow a keystroke.
 */
export const AppCatalog = memo(function AppCatalog({
  apps,
  device,
  filter,
  allAppsHref,
  onClearFilters,
  onAllPlatforms,
  countId,
}: {
  apps: readonly App[]
  device: Device | null
  filter: CatalogFilter
  allAppsHref: string
  onClearFilters: () => void
  /** Drops the platform filter, keeping the search. */
  onAllPlatforms: () => void
  /** The count's id, which the search box names as its description. */
  countId: string
}) {
  const { t } = useTranslation('apps')
  // Sorted and made searchable once per answer, not per keystroke in the search.
  const indexed = useMemo(() => {
    const sorted = sortApps(apps)
    return { sorted, keys: new Map(sorted.map((app) => [app, searchKey(app)])) }
  }, [apps])
  // The list follows each keystroke in the same render: its sections render only the cards in
  // view, and a deferred second render would cost more than the filtering it puts off.
  const { query, platform } = filter
  const filtering = query !== '' || platform !== null

  const { sections, otherPlatforms } = useMemo(() => {
    const words = queryWords(query)
    const matches = (app: App) =>
      (!platform || app.platform === platform) &&
      (words.length === 0 || matchesWords(indexed.keys.get(app) ?? '', words))
    if (device) {
      const split = splitForDevice(indexed.sorted, device)
      const names = { device: deviceName(device) }
      const sections: Section[] = [
        {
          id: 'available',
          title: t('list.available', names),
          apps: split.available.filter(matches),
        },
        {
          id: 'incompatible',
          title: t('list.incompatible', names),
          lead: t('list.incompatibleLead'),
          apps: split.incompatible.filter(matches),
        },
      ]
      return { sections, otherPlatforms: split.otherPlatforms }
    }
    // One pass over thousands of apps, each into its platform's group.
    const groups = { Apple: [] as App[], Android: [] as App[], other: [] as App[] }
    for (const app of indexed.sorted) {
      if (!matches(app)) continue
      if (app.platform === 'Apple' || app.platform === 'Android') groups[app.platform].push(app)
      else groups.other.push(app)
    }
    const sections: Section[] = [
      { id: 'apple', title: t('list.groupApple'), apps: groups.Apple },
      { id: 'android', title: t('list.groupAndroid'), apps: groups.Android },
      { id: 'other', title: t('list.groupOther'), apps: groups.other },
    ]
    return { sections, otherPlatforms: 0 }
  }, [indexed, device, query, platform, t])
  const noMatch = useNoMatchTitle('apps', { query, filtered: platform !== null })
  const count = sections.reduce((sum, section) => sum + section.apps.length, 0)
  const total = apps.length - otherPlatforms
  // A search that found nothing here may still name apps of another platform: say so, rather
  // than suggest the spelling is wrong.
  const elsewhere = useMemo(() => {
    const words = queryWords(query)
    if (count > 0 || words.length === 0) return 0
    const found = indexed.sorted.filter((app) =>
      matchesWords(indexed.keys.get(app) ?? '', words),
    ).length
    return found - count
  }, [indexed, query, count])

  return (
    <div className="apps-catalog">
      <p id={countId} className="apps-catalog__count" role="status">
        {total > 0 &&
          (filtering
            ? t('list.countFiltered', { count: total, shown: count })
            : t('list.count', { count }))}
        {/* Said once, here, as the list empties: the card below shows it. */}
        {total > 0 && count === 0 && <NoMatchSaid title={noMatch} />}
      </p>
      {total === 0 ? (
        <CatalogEmpty kind="empty" device={device} />
      ) : count === 0 ? (
        <CatalogEmpty
          kind="noMatch"
          device={device}
          filter={{ query, platform }}
          elsewhere={elsewhere}
          allAppsHref={allAppsHref}
          onClear={onClearFilters}
          onAllPlatforms={onAllPlatforms}
        />
      ) : (
        sections.map((section) => <AppSection key={section.id} section={section} device={device} />)
      )}
      {/* Beside apps that show; under a search that found none, the apps elsewhere would not
          match it either. */}
      {otherPlatforms > 0 && count > 0 && (
        <p className="apps-catalog__more">
          {t('list.otherPlatforms', { count: otherPlatforms })}{' '}
          <Link to={allAppsHref}>{t('list.showAll')}</Link>
        </p>
      )}
    </div>
  )
})
