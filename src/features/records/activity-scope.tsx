import { useTranslation } from 'react-i18next'
import { Button } from '@/components/button'
import type { TenantNames } from './activity-line'

export type ScopeMember = 'device' | 'user'

/**
 * The device or user the Activity is narrowed to (from a link on their page, or a shared
 * address), named as the tenant's lists name them (the identifier until they have come), each
 * with its button to show the rest again.
 */
export function ActivityScope({
  device,
  user,
  names,
  onRemove,
}: {
  device: string
  user: string
  names?: TenantNames | undefined
  onRemove: (member: ScopeMember) => void
}) {
  const { t } = useTranslation('records')
  const scopes = [
    ...(device ? [{ member: 'device' as const, name: names?.device(device)?.name ?? device }] : []),
    ...(user ? [{ member: 'user' as const, name: names?.user(user) ?? user }] : []),
  ]
  if (scopes.length === 0) return null
  return (
    <ul className="activity-scope">
      {scopes.map(({ member, name }) => (
        <li key={member}>
          <span>
            {member === 'device' ? t('scope.device', { name }) : t('scope.user', { name })}
          </span>
          <Button
            variant="secondary"
            // Visible: "Remove filter"; heard: which one, beginning with the words shown.
            aria-label={
              member === 'device'
                ? t('scope.removeDevice', { name })
                : t('scope.removeUser', { name })
            }
            onClick={() => onRemove(member)}
          >
            {t('scope.remove')}
          </Button>
        </li>
      ))}
    </ul>
  )
}
