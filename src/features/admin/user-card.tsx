import { memo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { User } from '@contract/schemas'
import { EmailAddress } from '@/components/email-address'
import { paths } from '@/lib/paths'

/**
 * One user in the list: name, address, how many devices (null: not told yet), disabled.
 * Memoized: a keystroke in the search draws the users that come into the list, not those that stay.
 */
export const UserCard = memo(function UserCard({
  user,
  name,
  devices,
}: {
  user: User
  name: string
  devices: number | null
}) {
  const { t } = useTranslation('admin')
  const disabled = user.enabled === false
  return (
    <li className="card card--link user-card">
      <h2 className="card__title">
        <Link className="card__link" to={paths.adminUser(user.sid)}>
          {name}
        </Link>
      </h2>
      <p className="user-card__email">
        <EmailAddress address={user.email} />
      </p>
      {/* Before the count, its place is a badge's shape, unseen by screen readers; with nothing
          else to say the line is hidden from them too, so they meet no empty paragraph. */}
      <p
        className="user-card__facts"
        aria-hidden={devices === null && !disabled ? true : undefined}
      >
        {devices === null ? (
          <span className="badge-slot" aria-hidden="true" />
        ) : (
          <span className="badge">{t('users.devices', { count: devices })}</span>
        )}
        {disabled && <span className="badge badge--warning">{t('users.disabled')}</span>}
      </p>
    </li>
  )
})
