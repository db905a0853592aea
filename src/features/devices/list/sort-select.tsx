import { memo, useId } from 'react'
import { useTranslation } from 'react-i18next'
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
  onChange: (sort: DeviceSort) => void
}) {
  const { t } = useTranslation('devices')
  const id = useId()
  return (
    <div className="field device-sort">
      <label htmlFor={id}>{t('sort.label')}</label>
      <select
        id={id}
        value={value}
        onChange={(event) =>
          onChange(DEVICE_SORTS.find((sort) => sort === event.target.value) ?? 'name')
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
