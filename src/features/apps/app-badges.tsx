import { useTranslation } from 'react-i18next'
import type { App } from '@contract/schemas'

/** Required or optional, and managed: the facts that tell what the organisation expects. */
export function AppBadges({ app }: { app: App }) {
  const { t } = useTranslation('apps')
  return (
    <ul className="app-badges">
      <li className={app.mandatory ? 'badge badge--warning' : 'badge'}>
        {app.mandatory ? t('badge.mandatory') : t('badge.optional')}
      </li>
      {app.managed && <li className="badge badge--info">{t('badge.managed')}</li>}
    </ul>
  )
}
