import { memo, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { SortSelect as ListSortSelect } from '@/components/sort-select'
import { DEVICE_SORTS, type DeviceSort } from './list-params'

/** The device list's order, beside its filters; the count's status region says the order chosen. */
export const SortSelect = memo(function SortSelect({
  value,
  onChange,
}: {
  value: DeviceSort
  /** `push`: a new choice (a new history entry), not one the arrow keys go on with. */
  onChange: (sort: DeviceSort, push: boolean) => void
}) {
  const { t } = useTranslation('devices')
  const options = useMemo(
    () => ({
      name: t('sort.name'),
      'lastcontact-desc': t('sort.lastContactNewest'),
      'lastcontact-asc': t('sort.lastContactOldest'),
    }),
    [t],
  )
  return (
    <ListSortSelect
      sorts={DEVICE_SORTS}
      label={t('sort.label')}
      options={options}
      value={value}
      onChange={onChange}
      className="device-sort"
    />
  )
})
