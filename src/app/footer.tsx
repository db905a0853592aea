import { useTranslation } from 'react-i18next'
import { getConfig } from '../lib/config'

export function Footer() {
  const { t } = useTranslation()
  const { helpdesk, demo } = getConfig()
  const contact = helpdesk?.email ?? helpdesk?.phone ?? null
  return (
    <footer className="footer">
      <p>
        {contact ? t('footer.helpWith', { contact }) : t('footer.help')}
        {helpdesk?.email && helpdesk.phone && ` · ${helpdesk.phone}`}
      </p>
      {demo && (
        <p>
          <a href="/outbox">{t('footer.outbox')}</a>
        </p>
      )}
    </footer>
  )
}
