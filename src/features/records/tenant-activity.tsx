import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Screen } from '@/components/screen'
import { getConfig } from '@/lib/config'
import { useAddressState } from '@/lib/use-address-state'
import { useHydrated } from '@/lib/use-hydrated'
import { readActivityAddress, readActivityFilters, writeActivityFilters } from './activity-address'
import { ActivitySearch } from './activity-search'
import type { TenantNames } from './activity-line'
import { AddressWarning } from './address-warning'
import './records.css'

/**
 * The search with its filters in the address: a filtered view can be kept, shared, reloaded and
 * reached with Back. What of the address it cannot use is said above it, the rest applies; the
 * warning goes once a change of the filters writes an address without it.
 */
function AddressedSearch({ names }: { names: TenantNames }) {
  const [filters, setFilters] = useAddressState(readActivityFilters, writeActivityFilters)
  const [address] = useSearchParams()
  const problems = useMemo(() => readActivityAddress(address).problems, [address])
  // Not in the server's drawing, which has no address's query: said from the render after.
  const hydrated = useHydrated()
  return (
    <>
      {hydrated && <AddressWarning problems={problems} />}
      <ActivitySearch
        names={names}
        filters={filters}
        onFiltersChange={(next, push) => setFilters(next, { push })}
      />
    </>
  )
}

/**
 * The activity of every device and user the help desk sees (for auditors above all): what was
 * done, by whom, to which device of whose, with the filters and the CSV. Without the portal's
 * records there is none to show, which the screen says.
 */
export function TenantActivity({ names }: { names: TenantNames }) {
  const { t } = useTranslation('records')
  return (
    <Screen title={t('tenant.title')} lead={t('tenant.lead')}>
      {getConfig().records ? (
        <AddressedSearch names={names} />
      ) : (
        <div className="card empty-state">
          <h2>{t('tenant.offTitle')}</h2>
          <p>{t('tenant.offBody')}</p>
        </div>
      )}
    </Screen>
  )
}
