import { memo, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { APP_PLATFORMS, type AppPlatform } from '@contract/platform'
import { SearchField } from '@/components/search-field'
import { useHydrated } from '@/lib/use-hydrated'

/**
 * Search and platform filter. The text field keeps what the user types in its own state and
 * hands it on at once; the address follows, and a change of the address from elsewhere (back
 * button, "clear") is taken over. Memoized: the deferred render and the address that follow a
 * keystroke leave it as it is (React sets an input's type again whenever it renders it).
 */
export const CatalogFilters = memo(function CatalogFilters({
  searchId,
  query,
  platform,
  showPlatform,
  onQuery,
  onPlatform,
}: {
  /** The search box's id: clearing an empty list's search hands the keyboard to it. */
  searchId: string
  query: string
  platform: AppPlatform | null
  showPlatform: boolean
  onQuery: (query: string) => void
  onPlatform: (platform: AppPlatform | null) => void
}) {
  const { t } = useTranslation('apps')
  const platformId = useId()
  const [text, setText] = useState(query)
  const [lastQuery, setLastQuery] = useState(query)
  if (query !== lastQuery) {
    setLastQuery(query)
    if (query !== text.trim()) setText(query)
  }
  // The server draws the page without the address's platform, and React keeps a select's choice
  // as drawn when it takes the page over: the drawing's first, then the address's, as a change.
  const hydrated = useHydrated()

  return (
    <div role="search" className="apps-filters" aria-label={t('filters.label')}>
      <SearchField
        id={searchId}
        label={t('filters.search')}
        value={text}
        onChange={(value) => {
          setText(value)
          onQuery(value.trim())
        }}
        className="apps-filters__search"
      />
      {showPlatform && (
        <div className="field apps-filters__platform">
          <label htmlFor={platformId}>{t('filters.platform')}</label>
          <select
            id={platformId}
            value={hydrated ? (platform ?? '') : ''}
            onChange={(event) => {
              const value = event.target.value
              onPlatform(APP_PLATFORMS.find((known) => known === value) ?? null)
            }}
          >
            <option value="">{t('filters.allPlatforms')}</option>
            {APP_PLATFORMS.map((known) => (
              <option key={known} value={known}>
                {t(known === 'Apple' ? 'platform.Apple' : 'platform.Android')}
              </option>
            ))}
          </select>
        </div>
      )}
    </div>
  )
})
