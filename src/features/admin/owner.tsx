import { useQuery } from '@tanstack/react-query'
import { useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { Device } from '@contract/schemas'
import { paths } from '../../lib/paths'
import './admin.css'
import { userListQuery } from './api'
import { userName } from './user-name'

/** Names each device's owner, from the tenant's users (for the administrators' device list). */
export function useOwnerNames(): (device: Device) => string | undefined {
  const { t } = useTranslation('admin')
  const { data } = useQuery(userListQuery())
  return useCallback(
    (device: Device) => {
      if (!data) return undefined
      const owner = device.usersid
        ? data.users.find((user) => user.sid === device.usersid)
        : undefined
      return t('owner.label', { name: owner ? userName(owner) : t('owner.noneShort') })
    },
    [data, t],
  )
}

/** Whose device it is, with the way to their page: the help desk acts on their behalf. */
export function OwnerSection({ device }: { device: Device }) {
  const { t } = useTranslation('admin')
  const users = useQuery(userListQuery())
  const owner = device.usersid
    ? users.data?.users.find((user) => user.sid === device.usersid)
    : undefined
  return (
    <section className="page-section" aria-labelledby="device-owner-title">
      <h2 id="device-owner-title">{t('owner.title')}</h2>
      {owner ? (
        <p>
          <Link to={paths.adminUser(owner.sid)}>{userName(owner)}</Link>
          <span className="owner-email"> · {owner.email}</span>
        </p>
      ) : !device.usersid ? (
        <p>{t('owner.none')}</p>
      ) : users.data ? (
        <p>{t('owner.unknown')}</p>
      ) : null}
    </section>
  )
}
