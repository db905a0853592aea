import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { BackLink } from '@/components/back-link'
import { Button } from '@/components/button'
import { ErrorState } from '@/components/error-state'
import { Screen } from '@/components/screen'
import { RoleNote } from '@/entities/user/role-note'
import { Skeleton } from '@/components/skeleton'
import { isNoSuchEntity } from '@/lib/api/api-error'
import { useHelpdeskRole } from '@/entities/user/helpdesk-role'
import { draftDialogFor } from '@/entities/user/use-draft'
import { deviceKeys, deviceListQuery } from '@/entities/device/queries'
import { useListProgress } from '@/lib/api/all-pages'
import { sortByName } from '@/lib/text'
import type { Device, User } from '@contract/schemas'
import { paths } from '@/lib/paths'
import { getConfig } from '@/lib/config'
import './admin.css'
import { userQuery } from './api'
import { DeleteUserDialog } from './delete-user-dialog'
import { PasswordLinkDialog } from './password-link-dialog'
import { Alert } from '@/components/alert'
import { LiveNews } from '@/components/live'
import { isPartial, UserDevices } from './user-devices'
import { EmailAddress } from '@/components/email-address'
import { managedDevices, userName } from './user-name'

function BackToUsers() {
  const { t } = useTranslation('admin')
  return <BackLink to={paths.adminUsers()}>{t('user.back')}</BackLink>
}

function UserFacts({ user }: { user: User }) {
  const { t } = useTranslation('admin')
  const facts = [
    [t('user.email'), user.email && <EmailAddress address={user.email} />],
    [t('user.firstname'), user.firstname],
    [t('user.lastname'), user.lastname],
    [t('user.phone'), user.phone],
    [t('user.managedAppleId'), user.managedappleid],
    [t('user.status'), user.enabled === false ? t('user.disabled') : t('user.enabled')],
  ] as const
  return (
    <section className="page-section" aria-labelledby="user-details-title">
      <h2 id="user-details-title">{t('user.details')}</h2>
      <dl className="facts">
        {facts.map(([label, value]) => (
          <div key={label} className="facts__row">
            <dt>{label}</dt>
            <dd>{value || t('user.none')}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

interface UserScreenOptions {
  /** The user's devices as the devices feature shows them. */
  renderDevices: (devices: Device[]) => ReactNode
  deviceName: (device: Device) => string
  /** More sections after the devices (the activity on them). */
  sections?: (user: User) => ReactNode
}

function UserDetails({
  user,
  renderDevices,
  deviceName,
  sections,
}: { user: User } & UserScreenOptions) {
  const { t } = useTranslation(['admin', 'devices'])
  const navigate = useNavigate()
  // The spec has no way to ask for one user's devices: device/list's filter knows only managed,
  // wiped, lastcontact and locationtimestamp ("administrator: all devices of the tenant"). So
  // this is the tenant's list under the same key as the users' and devices' screens: a visit
  // between them reads it no more often than they do.
  const devices = useQuery(deviceListQuery())
  // The user's devices are known once all the tenant's have come, as the users' counts are.
  const progress = useListProgress(deviceKeys.list())
  // A page that failed leaves them unknown too: the user may have devices in the others. So do
  // pages the service counted but did not send (it ignored pageindex).
  const listed =
    devices.data !== undefined &&
    !progress.arriving &&
    !isPartial(devices, progress) &&
    progress.missing === 0
  // A deletion open when the session ended comes back after signing in (its typed address does not).
  const [deleting, setDeleting] = useState(() => draftDialogFor(user.sid, ['deleteUser']) !== null)
  const role = useHelpdeskRole()
  const mayDelete = role.may('deleteUser')
  // The link's route exists only where the portal keeps records: its role and record need them.
  const linkable = getConfig().records
  const mayLink = linkable && role.may('sendPasswordLink')
  const [linking, setLinking] = useState(false)
  // Where the last link went, said on the page once the dialog has closed.
  const [linkedTo, setLinkedTo] = useState<string | null>(null)
  const name = userName(user)
  // In the order of every device list: by name. Those found so far show as the pages come.
  const own = useMemo(
    () =>
      sortByName(
        (devices.data ?? []).filter((device) => device.usersid === user.sid),
        deviceName,
      ),
    [devices.data, user.sid, deviceName],
  )
  // Deleting needs all of the user's managed devices (the dialog names them): said why it waits.
  const waitHint = useId()
  // Said once the first page has come and more are to come (or never will): a tenant of one page
  // is listed before anyone could read it.
  const waiting = mayDelete && !listed && devices.data !== undefined
  // Once shown, its place stays (unseen) when it goes: below the button on a phone, its going
  // would pull up all that the agent reads.
  const [hinted, setHinted] = useState(waiting)
  if (waiting && !hinted) setHinted(true)
  return (
    <>
      <BackToUsers />
      <Screen
        title={name}
        lead={user.email && <EmailAddress address={user.email} />}
        actions={
          // While the role is read, the buttons hold their places and cannot be used.
          <>
            {(mayLink || role.reading) && (
              <Button onClick={() => setLinking(true)} disabled={!mayLink}>
                {t('user.passwordLink')}
              </Button>
            )}
            {(mayDelete || role.reading) && (
              <div className="user-delete">
                <Button
                  variant="danger"
                  onClick={() => setDeleting(true)}
                  disabled={!mayDelete || !listed}
                  aria-describedby={waiting ? waitHint : undefined}
                >
                  {t('user.delete')}
                </Button>
                {hinted && (
                  <p
                    id={waitHint}
                    className={
                      waiting ? 'user-delete__hint' : 'user-delete__hint user-delete__gone'
                    }
                  >
                    {t('user.deleteWaits')}
                  </p>
                )}
              </div>
            )}
          </>
        }
      >
        <RoleNote
          missing={[
            ...(linkable && !mayLink ? (['sendPasswordLink'] as const) : []),
            ...(mayDelete ? [] : (['deleteUser'] as const)),
          ]}
          level={2}
        />
        {linkedTo && (
          <Alert tone="success" className="admin-notice" announced={false}>
            <LiveNews role="status">{t('passwordLink.sent', { email: linkedTo })}</LiveNews>
          </Alert>
        )}
        <UserFacts user={user} />
        <UserDevices
          name={name}
          own={own}
          list={devices}
          progress={progress}
          listed={listed}
          renderDevices={renderDevices}
        />
        {/* Below the devices, whose number is not known before they come: shown once they
            have, their reads on the way meanwhile, so the devices push nothing down. */}
        <div hidden={!listed && !devices.isError && progress.missing === 0}>{sections?.(user)}</div>
        <PasswordLinkDialog
          open={linking && mayLink}
          user={user}
          onClose={() => setLinking(false)}
          onSent={(email) => {
            setLinking(false)
            setLinkedTo(email)
          }}
        />
        <DeleteUserDialog
          open={deleting && mayDelete && listed}
          user={user}
          managed={managedDevices(own)}
          deviceName={deviceName}
          onClose={() => setDeleting(false)}
          onDeleted={() => {
            setDeleting(false)
            void navigate(paths.adminUsers(), { state: { deleted: name } })
          }}
        />
      </Screen>
    </>
  )
}

/** A user's page for the help desk: their record, their devices, and deleting them. */
export function UserScreen({ sid, ...options }: { sid: string } & UserScreenOptions) {
  const { t } = useTranslation('admin')
  const query = useQuery(userQuery(sid))
  const queryClient = useQueryClient()
  // Every read that failed with the user's (the tenant's devices) is asked again with it.
  const retry = () =>
    void queryClient.resetQueries({ predicate: (read) => read.state.status === 'error' })
  if (isNoSuchEntity(query.error)) {
    return (
      <>
        <BackToUsers />
        <Screen title={t('user.goneTitle')} narrow>
          <p>{t('user.goneBody')}</p>
          <Link className="button button--primary" to={paths.adminUsers()}>
            {t('user.back')}
          </Link>
        </Screen>
      </>
    )
  }
  if (query.data) return <UserDetails user={query.data} {...options} />
  if (query.isError) {
    return (
      <>
        <BackToUsers />
        <Screen title={t('user.errorTitle')} narrow>
          <ErrorState error={query.error} onRetry={retry} />
        </Screen>
      </>
    )
  }
  return (
    <Screen title={t('user.loading')}>
      <Skeleton rows={4} />
    </Screen>
  )
}
