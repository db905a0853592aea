import { useQuery } from '@tanstack/react-query'
import { Dot } from '@/components/dot'
import { useCallback, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { ErrorState } from '@/components/error-state'
import type { Device } from '@contract/schemas'
import { paths } from '@/lib/paths'
import './admin.css'
import { useListProgress } from '@/lib/api/all-pages'
import { adminUserKeys, userListQuery } from './api'
import { userName } from './user-name'

/**
 * Names each device's owner, from the tenant's users (for the administrators' device list): the
 * card's line, and the name and e-mail address the search finds them by; null while the owner is
 * not yet among the users that have come, so the card holds the line's place.
 */
export function useOwnerNames(): (
  device: Device,
) => { label: string; searchBy?: string } | null | undefined {
  const { t } = useTranslation('admin')
  const { data, isError } = useQuery(userListQuery())
  const arriving = useListProgress(adminUserKeys.list()).arriving
  // Looked up once per device: 50,000 devices of a tenant with thousands of users.
  const bySid = useMemo(() => data && new Map(data.map((user) => [user.sid, user])), [data])
  return useCallback(
    (device: Device) => {
      // Users that never came name no one: the card goes without the line.
      if (!bySid) return isError ? undefined : null
      const owner = device.usersid ? bySid.get(device.usersid) : undefined
      if (!owner && device.usersid && arriving) return null
      if (!owner) return { label: t('owner.label', { name: t('owner.noneShort') }) }
      const name = userName(owner)
      return { label: t('owner.label', { name }), searchBy: `${name}\n${owner.email}` }
    },
    [bySid, isError, arriving, t],
  )
}

/**
 * The tenant's devices when its users could not be read: their cards name no owner, and the
 * search finds none by the owner's name, which the list says, with a way to try again.
 */
export function OwnersNotRead() {
  const { t } = useTranslation('admin')
  const users = useQuery(userListQuery())
  if (!users.isError) return null
  return (
    <ErrorState
      error={users.error}
      title={t('owner.listFailed')}
      onRetry={() => void users.refetch()}
    />
  )
}

/** Whose device it is, with the way to their page: the help desk acts on their behalf. */
export function OwnerSection({ device }: { device: Device }) {
  const { t } = useTranslation('admin')
  const users = useQuery(userListQuery())
  const owner = device.usersid ? users.data?.find((user) => user.sid === device.usersid) : undefined
  // Not found among the users that have arrived so far is not yet unknown.
  const arriving = useListProgress(adminUserKeys.list()).arriving
  return (
    <section className="page-section" aria-labelledby="device-owner-title">
      <h2 id="device-owner-title">{t('owner.title')}</h2>
      {owner ? (
        <p>
          <Link to={paths.adminUser(owner.sid)}>{userName(owner)}</Link>
          <span className="owner-email">
            <Dot />
            {owner.email}
          </span>
        </p>
      ) : !device.usersid ? (
        <p>{t('owner.none')}</p>
      ) : users.isError ? (
        // The users that did not come may hold the owner: not "not found", but not read.
        <ErrorState
          error={users.error}
          title={t('owner.failed')}
          onRetry={() => void users.refetch()}
        />
      ) : users.data && !arriving ? (
        <p>{t('owner.unknown')}</p>
      ) : (
        // The owner's line holds its place while the users arrive.
        <p>
          <span className="text-slot" />
        </p>
      )}
    </section>
  )
}
