import { Fragment } from 'react'
import { Dot } from '@/components/dot'
import { useTranslation } from 'react-i18next'
import { inLanguage } from '@/lib/branding'
import { getConfig, type PortalConfig } from '@/lib/config'

interface Contact {
  href: string
  label: string
}

/** The tenant's help desk, as the server's runtime settings name it: each way in is a link. */
function helpdeskContacts(helpdesk: PortalConfig['helpdesk'], websiteLabel: string): Contact[] {
  const contacts: Contact[] = []
  if (helpdesk?.email) contacts.push({ href: `mailto:${helpdesk.email}`, label: helpdesk.email })
  if (helpdesk?.phone) {
    contacts.push({ href: `tel:${helpdesk.phone.replace(/[^\d+]/g, '')}`, label: helpdesk.phone })
  }
  // Only a web address becomes a link, whatever the settings say.
  if (helpdesk?.url && /^https?:\/\//i.test(helpdesk.url)) {
    contacts.push({ href: helpdesk.url, label: websiteLabel })
  }
  return contacts
}

/** The organisation's privacy statement and terms of use, where it named them. */
function legalLinks(branding: PortalConfig['branding'], t: (key: 'privacy' | 'terms') => string) {
  return [
    ...(branding.privacyUrl ? [{ href: branding.privacyUrl, label: t('privacy') }] : []),
    ...(branding.termsUrl ? [{ href: branding.termsUrl, label: t('terms') }] : []),
  ]
}

/** The help desk's contact and hours, and the organisation's privacy statement and terms. */
export function Footer() {
  const { t } = useTranslation()
  const { helpdesk, demo, branding } = getConfig()
  const contacts = helpdeskContacts(helpdesk, t('footer.website'))
  const hours = inLanguage(helpdesk?.hours ?? null)
  const legal = legalLinks(branding, (key) => t(`footer.${key}`))
  return (
    <footer className="footer">
      <p>
        {contacts.length > 0 ? t('footer.helpAt') : t('footer.help')}
        {contacts.map((contact, index) => (
          <Fragment key={contact.href}>
            {index === 0 ? ' ' : <Dot />}
            <a href={contact.href}>{contact.label}</a>
          </Fragment>
        ))}
      </p>
      {hours && <p>{t('footer.hours', { hours })}</p>}
      {legal.length > 0 && (
        <nav aria-label={t('footer.legal')}>
          <p>
            {legal.map((link, index) => (
              <Fragment key={link.href}>
                {index > 0 && <Dot />}
                <a href={link.href}>{link.label}</a>
              </Fragment>
            ))}
          </p>
        </nav>
      )}
      {demo && (
        <p>
          <a href="/outbox">{t('footer.outbox')}</a>
        </p>
      )}
    </footer>
  )
}
