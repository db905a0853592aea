import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { CopyAddress } from './copy-address'

/**
 * The way to the setup code from a company phone's own browser: the phone scans that code on its
 * welcome screen, after a reset, so the code has to be on another screen. The wizard's address
 * is sent to the user's own mailbox or copied, to be opened on a computer or tablet.
 */
export function ShowCodeElsewhere({ address, email }: { address: string; email: string }) {
  const { t } = useTranslation('enrollment')
  const mail = new URLSearchParams({
    subject: t('companyHere.mailSubject'),
    body: t('companyHere.mailBody', { address }),
  })
  return (
    <div className="show-elsewhere">
      <a
        className="button button--primary"
        // URLSearchParams writes spaces as "+", which mail programs keep as they are.
        href={`mailto:${email}?${mail.toString().replaceAll('+', '%20')}`}
      >
        {t('companyHere.mail', { email })}
      </a>
      <p>{t('companyHere.orOpen')}</p>
      <CopyAddress address={address} />
    </div>
  )
}

/** The address of the wizard's last step for a company phone, opened on another screen. */
export function setupCodeAddress(wizardAddress: string): string {
  const address = new URL(wizardAddress)
  address.searchParams.set('step', 'install')
  address.searchParams.set('where', 'other')
  return address.href
}

/**
 * Opens the service's enrollment page in a new tab, never in place of the portal: the wizard stays
 * where it was, with the steps that follow. The tab is opened in the click itself (a browser
 * blocks one opened later, once the address has arrived), cut off from the portal's window, and
 * sent to the one-time link when it comes; closed again when none comes. A tab the browser
 * blocked in the click cannot be opened later either: the link goes to `onBlocked`, to be shown.
 */
export function openInNewTab(
  fetchAddress: (handlers: { onSuccess: (url: string) => void; onError: () => void }) => void,
  onOpened: () => void,
  onBlocked: (address: string) => void,
) {
  const tab = window.open('', '_blank')
  if (tab) tab.opener = null
  fetchAddress({
    onSuccess: (url) => {
      const address = new URL(url, window.location.href).href
      if (!tab) return onBlocked(address)
      tab.location.replace(address)
      onOpened()
    },
    onError: () => tab?.close(),
  })
}

/**
 * The one-time link whose tab the browser blocked, as a link of its own: a tap on it is the
 * user's, which the browser lets open. The focus goes to it, so the way on is where the user is.
 */
export function BlockedTabLink({ address, onOpened }: { address: string; onOpened: () => void }) {
  const { t } = useTranslation('enrollment')
  const link = useRef<HTMLAnchorElement>(null)
  useEffect(() => link.current?.focus(), [address])
  return (
    <p className="profile-panel__blocked">
      <a ref={link} href={address} target="_blank" rel="noopener noreferrer" onClick={onOpened}>
        {t('profile.blocked')}
      </a>
    </p>
  )
}
