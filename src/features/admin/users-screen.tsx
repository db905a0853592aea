import { useQuery } from '@tanstack/react-query'
import { ArrivalBar } from '@/components/arrival-bar'
import {
  memo,
  type ReactNode,
  useCallback,
  useDeferredValue,
  useId,
  useMemo,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Button } from '@/components/button'
import { ErrorState } from '@/components/error-state'
import { ListCount } from '@/components/list-count'
import { NoMatch, useNoMatchTitle } from '@/components/no-match'
import { Screen } from '@/components/screen'
import { SearchField } from '@/components/search-field'
import { SortSelect } from '@/components/sort-select'
import { Skeleton } from '@/components/skeleton'
import { deviceKeys, deviceListQuery } from '@/entities/device/queries'
import { useListProgress } from '@/lib/api/all-pages'
import type { Device, User } from '@contract/schemas'
import { foldText, growingIndex } from '@/lib/text'
import { useAddressState } from '@/lib/use-address-state'
import './admin.css'
import { adminUserKeys, userListQuery } from './api'
import { InviteDialog, inviteWasOpen, type Invited } from './invite-dialog'
import { InvitedNotice } from './invited-notice'
import { RoleNote } from '@/entities/user/role-note'
import { useHelpdeskRole } from '@/entities/user/helpdesk-role'
import { devicesByUser, userName } from './user-name'
import { UserCard } from './user-card'
import {
  orderUsers,
  readUserListParams,
  USER_SORTS,
  writeUserListParams,
  type UserSort,
} from './user-order'

/**
 * The users shown, each card drawn only when it comes into the list: memoized, so the search's
 * keystroke and the address that follows it leave the list as it is (devices by user: null while
 * the devices arrive).
 */
const UserList = memo(function UserList({
  entries,
  devicesBySid,
}: {
  entries: readonly { user: User; name: string }[]
  devicesBySid: ReadonlyMap<string, readonly Device[]> | null
}) {
  return (
    <ul className="card-grid user-list">
      {entries.map(({ user, name }) => (
        <UserCard
          key={user.sid}
          user={user}
          name={name}
          devices={devicesBySid && (devicesBySid.get(user.sid)?.length ?? 0)}
        />
      ))}
    </ul>
  )
})

/** The order chosen, said after the count (`text`), in the status region a change is read from. */
function useSayOrder(sort: UserSort, counts: 'known' | 'waiting' | 'failed') {
  const { t } = useTranslation('admin')
  return (text: string) =>
    text === '' || sort === 'name'
      ? text
      : counts === 'waiting'
        ? t('users.sort.countedWaiting', { text })
        : counts === 'failed'
          ? t('users.sort.countedFailed', { text })
          : t(sort === 'devices-desc' ? 'users.sort.countedMost' : 'users.sort.countedFewest', {
              text,
            })
}

/**
 * The users of the tenant: search, counts, their devices, and the invitation of a new one;
 * `sections` follow the list (the invitations and deletions sent, refused ones too).
 */
export function UsersScreen({
  deleted,
  sections,
}: {
  deleted: string | null
  sections?: ReactNode
}) {
  const { t } = useTranslation('admin')
  // The box shows the screen's own text; the address follows it, keeping the deletion's notice.
  const [params, setParams] = useAddressState(readUserListParams, writeUserListParams)
  const search = params.q
  const setSearch = useCallback((q: string) => setParams({ ...params, q }), [params, setParams])
  // A new order is an entry of its own: Back brings the one before. The orders the arrow keys
  // pass through on the way to it replace that entry (`push` false).
  const setSort = useCallback(
    (sort: UserSort, push: boolean) => setParams({ ...params, sort }, { push }),
    [params, setParams],
  )
  const deferred = useDeferredValue(search)
  const users = useQuery(userListQuery())
  const devices = useQuery(deviceListQuery())
  // An invitation open when the session ended comes back after signing in again, as it was.
  const [inviting, setInviting] = useState(inviteWasOpen)
  const [invited, setInvited] = useState<Invited | null>(null)
  const searchId = useId()

  const index = useMemo(
    () =>
      growingIndex(
        (user: User) => {
          const name = userName(user)
          return { user, name, text: foldText(`${name}\n${user.email}`) }
        },
        (entry) => entry.name,
      ),
    [],
  )
  const all = useMemo(() => index(users.data ?? []), [index, users.data])
  const progress = useListProgress(adminUserKeys.list())
  // A user's count of devices is told once all the tenant's devices have arrived.
  const devicesArriving = useListProgress(deviceKeys.list()).arriving
  // A page failed: what had arrived stays, said to be a part of how many, with a way to try again.
  const partial = users.isError && users.data !== undefined && progress.loaded < progress.total
  // The same list from render to render while the search stays: the list is drawn again only
  // when what it shows changes, not for the keystroke's own render nor for the address.
  const words = useMemo(() => foldText(deferred).split(/\s+/).filter(Boolean), [deferred])
  const narrowed = useMemo(() => ({ query: deferred, filtered: false }), [deferred])
  // After a failed page, a search searched only those loaded: the others may match.
  const partly = useMemo(
    () => (partial ? { loaded: all.length, rest: progress.total - progress.loaded } : null),
    [partial, all.length, progress.total, progress.loaded],
  )
  const noMatch = useNoMatchTitle('users', narrowed, partly)
  const bySid = useMemo(() => devicesByUser(devices.data ?? []), [devices.data])
  // Each user's devices once all the tenant's have arrived; until then the list stays by name.
  const counted = devices.data && !devicesArriving ? bySid : null
  const ordered = useMemo(() => orderUsers(all, params.sort, counted), [all, params.sort, counted])
  const sayOrder = useSayOrder(
    params.sort,
    counted ? 'known' : devices.isError && !devices.data ? 'failed' : 'waiting',
  )
  const sortOptions = useMemo(
    () => ({
      name: t('users.sort.name'),
      'devices-desc': t('users.sort.devicesMost'),
      'devices-asc': t('users.sort.devicesFewest'),
    }),
    [t],
  )
  // Ordered once per list and order; each keystroke then only filters the ordered entries.
  const shown = useMemo(
    () => ordered.filter((entry) => words.every((word) => entry.text.includes(word))),
    [ordered, words],
  )
  const closeInvite = useCallback(() => setInviting(false), [])
  const showInvited = useCallback((result: Invited) => {
    setInviting(false)
    setInvited(result)
  }, [])
  const role = useHelpdeskRole()
  const mayInvite = role.may('inviteUser')

  return (
    <Screen
      title={t('users.title')}
      lead={t('users.lead')}
      actions={
        // While the role is read, the button holds its place and cannot be used.
        (mayInvite || role.reading) && (
          <Button variant="primary" onClick={() => setInviting(true)} disabled={!mayInvite}>
            {t('users.invite')}
          </Button>
        )
      }
    >
      <RoleNote missing={mayInvite ? [] : ['inviteUser']} level={2} />
      {deleted && !invited && (
        <Alert tone="success" className="admin-notice">
          <p>{t('users.deleted', { name: deleted })}</p>
        </Alert>
      )}
      {invited && <InvitedNotice invited={invited} />}
      <div className="admin-toolbar">
        <SearchField
          id={searchId}
          label={t('users.search')}
          hint={t('users.searchHint')}
          value={search}
          onChange={setSearch}
          className="admin-search"
        />
        <SortSelect
          sorts={USER_SORTS}
          label={t('users.sort.label')}
          options={sortOptions}
          value={params.sort}
          onChange={setSort}
          className="admin-sort"
        />
      </div>
      {/* While the pages arrive, the count says how many have (announced now and then). */}
      <ListCount
        id={`${searchId}-count`}
        text={sayOrder(
          !users.data
            ? ''
            : progress.arriving
              ? words.length > 0
                ? t('users.countArriving', { count: all.length, shown: shown.length })
                : t('users.arriving', { loaded: progress.loaded, total: progress.total })
              : partial
                ? words.length > 0
                  ? t('users.countPartialFiltered', { loaded: all.length, shown: shown.length })
                  : t('users.countPartial', { loaded: progress.loaded, total: progress.total })
                : words.length > 0
                  ? t('users.countFiltered', { count: all.length, shown: shown.length })
                  : t('users.count', { count: all.length }),
        )}
        // Said once, here, as the list empties: the card below shows it. Not while the pages
        // arrive: the others may match.
        noMatch={
          users.data && all.length > 0 && shown.length === 0 && !progress.arriving ? noMatch : null
        }
        arriving={progress.arriving}
        asked={`${deferred}\n${params.sort}`}
      />
      <ArrivalBar progress={progress} />
      {partial && (
        <ErrorState
          error={users.error}
          onRetry={() => void users.refetch()}
          title={t('users.partialTitle', { loaded: progress.loaded, total: progress.total })}
        >
          <p>{t('users.partialRetry', { rest: progress.total - progress.loaded })}</p>
        </ErrorState>
      )}
      {progress.missing > 0 && !users.isError && (
        <Alert tone="warning">
          <p>{t('users.paging', { shown: progress.loaded, total: progress.total })}</p>
        </Alert>
      )}
      {users.isPending ? (
        <Skeleton rows={3} />
      ) : users.isError && !users.data ? (
        <ErrorState error={users.error} onRetry={() => void users.refetch()} />
      ) : all.length === 0 ? (
        <div className="card empty-state">
          <h2>{t('users.emptyTitle')}</h2>
          <p>{t('users.emptyBody')}</p>
        </div>
      ) : shown.length === 0 ? (
        // While the pages arrive the count says none of those loaded so far match: the others may.
        !progress.arriving && (
          <NoMatch
            noun="users"
            narrowed={narrowed}
            partly={partly}
            onRetry={() => void users.refetch()}
            hint={t('users.noMatchBody')}
            onClear={() => {
              setSearch('')
              // The button goes with the empty list: the keyboard goes on from the search box.
              document.getElementById(searchId)?.focus()
            }}
          />
        )
      ) : (
        <UserList entries={shown} devicesBySid={counted} />
      )}
      {/* Below the list, once it has all come: the list growing never moves them. */}
      {((users.data && !progress.arriving) || users.isError) && sections}
      <InviteDialog open={inviting && mayInvite} onClose={closeInvite} onInvited={showInvited} />
    </Screen>
  )
}
