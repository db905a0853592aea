import { EmailAddress } from '@/components/email-address'

/**
 * The account a password link is for, on its page: its address, or the place kept for it where
 * the page is drawn without it (after a reload the link is in the tab's history alone, which the
 * server never sees). The server draws the link's own into the page's drawing (render-page.tsx).
 */
export function AccountAddress({ address }: { address: string | null }) {
  if (address === null) return <span className="text-slot" aria-hidden="true" />
  return <EmailAddress address={address} />
}
