import { useQuery } from '@tanstack/react-query'
import { Fragment, useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { User } from '@contract/schemas'
import { currentUserQuery } from '@/entities/user/queries'
import { initialsOf } from '@/components/initials'
import { EmailAddress } from '@/components/email-address'
import { ErrorState } from '@/components/error-state'

/**
 * Who the account is, at the card's top, to the eye: it shows again the name and e-mail address
 * that the facts under the card's heading say, so a screen reader leaves it out and reads the
 * card from its heading, hearing them once, as facts with their labels.
 */
function Profile({ user }: { user: User }) {
  const name = user.displayname || [user.firstname, user.lastname].filter(Boolean).join(' ')
  return (
    <div className="account-profile" aria-hidden="true">
      <span className="account-profile__avatar disc">{initialsOf(user)}</span>
      <div>
        <p className="account-profile__name">{name || user.email}</p>
        <p className="account-profile__email">
          <EmailAddress address={user.email} />
        </p>
      </div>
    </div>
  )
}

/** Until the record comes: its place, the size the profile takes, so nothing moves when it comes. */
function ProfileSlot() {
  return (
    <div className="account-profile" aria-hidden="true">
      <span className="account-profile__avatar disc" />
      <div>
        <p className="account-profile__name">
          <span className="text-slot" />
        </p>
        <p className="account-profile__email">
          <span className="text-slot" />
        </p>
      </div>
    </div>
  )
}

/** The record's facts; without a user, their labels with a placeholder each. */
function Facts({ user }: { user?: User }) {
  const { t } = useTranslation('account')
  const notSet = <span className="account-details__empty">{t('details.notSet')}</span>
  const slot = <span className="text-slot" />
  const facts = [
    { key: 'displayName', label: t('details.displayName'), value: user?.displayname },
    {
      key: 'email',
      label: t('details.email'),
      value: user?.email && <EmailAddress address={user.email} />,
    },
    { key: 'firstName', label: t('details.firstName'), value: user?.firstname },
    { key: 'lastName', label: t('details.lastName'), value: user?.lastname },
    { key: 'phone', label: t('details.phone'), value: user?.phone },
    { key: 'managedAppleId', label: t('details.managedAppleId'), value: user?.managedappleid },
  ]
  return (
    <>
      <dl className="facts" aria-hidden={user ? undefined : true}>
        {facts.map((fact) => (
          <Fragment key={fact.key}>
            <dt>{fact.label}</dt>
            <dd>{user ? fact.value || notSet : slot}</dd>
          </Fragment>
        ))}
      </dl>
      <p className="account-card__note">{t('details.appleIdNote')}</p>
    </>
  )
}

/**
 * The user's own record, as the service keeps it (read-only: IT manages it). Until it comes, the
 * card holds its heading, its lead and the places of the profile and the facts, so the page below
 * stays where it is; a failure says so in the card, with a retry, and leaves the rest of the page
 * to use.
 */
export function AccountDetails() {
  const { t } = useTranslation('account')
  const query = useQuery(currentUserQuery())
  const user = query.data
  const titleId = useId()
  // The heading and its lead stay where they are (the same elements) when the record comes.
  return (
    <section className="card account-card" aria-labelledby={titleId}>
      {user ? <Profile user={user} /> : !query.isError && <ProfileSlot />}
      <h2 id={titleId}>{t('details.title')}</h2>
      <p className="account-card__lead">{t('details.managedBy')}</p>
      {query.isError && !user ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          {!user && (
            <p className="visually-hidden" role="status">
              {t('status.loading', { ns: 'common' })}
            </p>
          )}
          <Facts user={user} />
        </>
      )}
    </section>
  )
}
