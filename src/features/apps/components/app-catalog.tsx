import { useId, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { WindowList } from '../../../components/window-list'
import type { App, Device } from '../../../../contract/schemas'
import { deviceName } from '../../../lib/device'
import { matchesFilter, sortApps, splitForDevice, type CatalogFilter } from '../model/catalog'
import { AppCard } from './app-card'
import { CatalogEmpty } from './catalog-empty'

interface Section {
  id: string
  title: string
  lead?: string
  apps: App[]
}

function AppSection({ section, device }: { section: Section; device: Device | null }) {
  const headingId = useId()
  if (section.apps.length === 0) return null
  return (
    <section className="apps-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="apps-section__title">
        {section.title}
      </h2>
      {section.lead && <p className="apps-section__lead">{section.lead}</p>}
      {/* A long section renders the cards on screen only (window-list.tsx). */}
      <WindowList
        className="app-list"
        items={section.apps}
        estimateRowHeight={device ? 120 : 96}
        memoryKey={`apps-${section.id}`}
        renderItem={(app, position) => (
          <AppCard key={app.id} app={app} device={device} position={position} />
        )}
      />
    </section>
  )
}

/**
 * The apps, narrowed by search and platform: for one device split into what it can run and what
 * not; without a device grouped by platform.
 */
export function AppCatalog({
  apps,
  device,
  filter,
  allAppsHref,
  onClearFilters,
}: {
  apps: readonly App[]
  device: Device | null
  filter: CatalogFilter
  allAppsHref: string
  onClearFilters: () => void
}) {
  const { t, i18n } = useTranslation('apps')
  // Sorted once per answer and language, not per keystroke in the search.
  const sorted = useMemo(() => sortApps(apps, i18n.language), [apps, i18n.language])
  const matches = (app: App) => matchesFilter(app, filter)
  const filtering = filter.query !== '' || filter.platform !== null

  let sections: Section[]
  let otherPlatforms = 0
  if (device) {
    const split = splitForDevice(sorted, device)
    otherPlatforms = split.otherPlatforms
    const names = { device: deviceName(device) }
    sections = [
      { id: 'available', title: t('list.available', names), apps: split.available.filter(matches) },
      {
        id: 'incompatible',
        title: t('list.incompatible', names),
        lead: t('list.incompatibleLead'),
        apps: split.incompatible.filter(matches),
      },
    ]
  } else {
    const visible = sorted.filter(matches)
    sections = [
      {
        id: 'apple',
        title: t('list.groupApple'),
        apps: visible.filter((app) => app.platform === 'Apple'),
      },
      {
        id: 'android',
        title: t('list.groupAndroid'),
        apps: visible.filter((app) => app.platform === 'Android'),
      },
      {
        id: 'other',
        title: t('list.groupOther'),
        apps: visible.filter((app) => app.platform !== 'Apple' && app.platform !== 'Android'),
      },
    ]
  }
  const count = sections.reduce((sum, section) => sum + section.apps.length, 0)
  const total = apps.length - otherPlatforms

  return (
    <div className="apps-catalog">
      <p className="apps-catalog__count" role="status">
        {total > 0 && (filtering ? t('list.matches', { count }) : t('list.count', { count }))}
      </p>
      {total === 0 ? (
        <CatalogEmpty kind="empty" device={device} />
      ) : count === 0 ? (
        <CatalogEmpty kind="noMatch" device={device} filter={filter} onClear={onClearFilters} />
      ) : (
        sections.map((section) => <AppSection key={section.id} section={section} device={device} />)
      )}
      {otherPlatforms > 0 && (
        <p className="apps-catalog__more">
          {t('list.otherPlatforms', { count: otherPlatforms })}{' '}
          <Link to={allAppsHref}>{t('list.showAll')}</Link>
        </p>
      )}
    </div>
  )
}
