import { useTranslation } from 'react-i18next'
import { Screen } from '@/components/screen'
import { getConfig } from '@/lib/config'
import { ActivitySearch } from './activity-search'
import type { TenantNames } from './activity-line'
import './records.css'

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
        <ActivitySearch names={names} />
      ) : (
        <div className="card empty-state">
          <h2>{t('tenant.offTitle')}</h2>
          <p>{t('tenant.offBody')}</p>
        </div>
      )}
    </Screen>
  )
}
