import { memo, useId } from 'react'
import { useTranslation } from 'react-i18next'
import { useHydrated } from '@/lib/use-hydrated'
import { useOneChoice } from '@/lib/use-one-choice'
import { DEVICE_SORTS, type DeviceSort } from './list-params'

const LABELS = {
  name: 'sort.name',
  'lastcontact-desc': 'sort.lastContactNewest',
  'lastcontact-asc': 'sort.lastContactOldest',
} as const satisfies Record<DeviceSort, string>

/** The list's order, beside its filters; the count's status region says the order chosen. */
export const SortSelect = memo(function SortSelect({
  value,
  onChange,
}: {
  value: DeviceSort
  /** `push`: a new choice (a new history entry), not one the arrow keys go on with. */
  onChange: (sort: DeviceSort, push: boolean) => void
}) {
  const { t } = useTranslation('devices')
  const id = useId()
  // The server draws the list without the address's order, and React keeps a select's choice as
  // drawn when it takes the page over: the drawing's first, then the address's, as a change.
  const hydrated = useHydrated()
  const choice = useOneChoice()
  return (
    <div className="field device-sort">
      <label htmlFor={id}>{t('sort.label')}</label>
      <select
        id={id}
        value={hydrated ? value : 'name'}
        {...choice.props}
        onChange={(event) =>
          onChange(
            DEVICE_SORTS.find((sort) => sort === event.target.value) ?? 'name',
            choice.first(),
          )
        }
      >
        {DEVICE_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t(LABELS[sort])}
          </option>
        ))}
      </select>
    </div>
  )
})
