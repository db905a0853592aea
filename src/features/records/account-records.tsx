import { useQuery } from '@tanstack/react-query'
import { Dot } from '@/components/dot'
import { useDeferredValue, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Button } from '@/components/button'
import { ConfirmDialog } from '@/components/dialog'
import { ErrorState } from '@/components/error-state'
import { Skeleton } from '@/components/skeleton'
import { useErrorMessage } from '@/lib/api/error-message'
import { getConfig } from '@/lib/config'
import { formatDateTime, formatRelative } from '@/lib/format'
import { toaster } from '@/lib/toast'
import { accountRecordsQuery, useEndSession } from './api'
import type { EndedSession, PortalSession, SignIn } from './schemas'
import './records.css'

function useDeviceName() {
  const { t } = useTranslation('records')
  return (row: { browser: string; system: string }) =>
    t('account.browserOn', {
      browser: row.browser || t('account.unknownBrowser'),
      system: row.system || t('account.unknownSystem'),
    })
}

type Ending = { session: PortalSession } | { others: true } | null

/** The account page's cards: where the account is signed in, and its recent sign-ins. */
export function AccountRecords() {
  const { t } = useTranslation('records')
  const records = useQuery({ ...accountRecordsQuery(), enabled: getConfig().records })
  // The lists render in slices, the page free between them: an account used from many places
  // lists dozens of sessions, one long task on a slow phone when they come at once.
  const data = useDeferredValue(records.data)
  const name = useDeviceName()
  const sessionsId = useId()
  const signInsId = useId()
  const [ending, setEnding] = useState<Ending>(null)
  // The button that opened the dialog leaves with the sessions it ended (its row, or the button
  // for all): the focus goes to the card's heading, not to the top of the page.
  const headingRef = useRef<HTMLHeadingElement>(null)
  const ended = useRef(false)
  useEffect(() => {
    if (ending || !ended.current) return
    ended.current = false
    headingRef.current?.focus()
  }, [ending])
  if (!getConfig().records) return null
  if (records.isError) {
    return (
      <section className="card records-card" aria-labelledby={sessionsId}>
        <h2 id={sessionsId}>{t('account.sessionsTitle')}</h2>
        <ErrorState error={records.error} onRetry={() => void records.refetch()} />
      </section>
    )
  }
  if (!data) {
    return (
      <section className="card records-card" aria-busy="true" aria-labelledby={sessionsId}>
        <h2 id={sessionsId}>{t('account.sessionsTitle')}</h2>
        <Skeleton rows={3} />
      </section>
    )
  }
  const { sessions, endedSessions, endedSessionsCount, signIns, newDeviceSignIns } = data
  const others = sessions.filter((session) => !session.current)
  const newest = newDeviceSignIns[0]
  return (
    <>
      {newest && (
        <Alert tone="warning" title={t('account.newDeviceTitle')}>
          <p>
            {t('account.newDeviceBody', { device: name(newest), time: formatRelative(newest.at) })}
          </p>
        </Alert>
      )}
      <section className="card records-card" aria-labelledby={sessionsId}>
        <h2 id={sessionsId} ref={headingRef} tabIndex={-1} className="focus-target">
          {t('account.sessionsTitle')}
        </h2>
        <p className="records-card__lead">{t('account.sessionsLead')}</p>
        <ul className="session-list">
          {sessions.map((session) => (
            <li key={session.id} className="session-item">
              <p className="session-item__name">
                <strong>{name(session)}</strong>
                {session.current && <span className="badge">{t('account.current')}</span>}
              </p>
              <p className="session-item__facts">
                {t('account.started', { time: formatDateTime(session.startedAt) })}
                <Dot />
                {t('account.lastUsed', { time: formatRelative(session.lastUsedAt) })}
                {session.address && (
                  <>
                    <Dot />
                    {t('account.address', { address: session.address })}
                  </>
                )}
              </p>
              {!session.current && (
                <Button
                  variant="secondary"
                  // The visible words first (voice control says them), then which session as
                  // its row tells it: two of one browser begun in the same minute differ only by
                  // when they were last used or the network they came from.
                  aria-label={t('account.signOutThereLabel', {
                    context: session.address ? 'network' : undefined,
                    name: name(session),
                    time: formatDateTime(session.startedAt),
                    lastUsed: formatRelative(session.lastUsedAt),
                    address: session.address,
                  })}
                  onClick={() => setEnding({ session })}
                >
                  {t('account.signOutThere')}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {others.length > 1 ? (
          <Button variant="secondary" onClick={() => setEnding({ others: true })}>
            {t('account.signOutOthers')}
          </Button>
        ) : others.length === 0 ? (
          <p className="records-empty">{t('account.onlyHere')}</p>
        ) : null}
        <EndedSessions sessions={endedSessions} count={endedSessionsCount} />
      </section>
      <SignIns id={signInsId} signIns={signIns} />
      <EndSessionDialog
        ending={ending}
        onClose={() => setEnding(null)}
        onEnded={() => {
          ended.current = true
          setEnding(null)
        }}
      />
    </>
  )
}

/** Sessions whose windows were closed without signing out: they ran out; nothing to end there. */
function EndedSessions({ sessions, count }: { sessions: EndedSession[]; count: number }) {
  const { t } = useTranslation('records')
  const name = useDeviceName()
  const id = useId()
  if (sessions.length === 0) return null
  return (
    <section className="session-ended" aria-labelledby={id}>
      <h3 id={id}>{t('account.endedTitle')}</h3>
      <p className="records-card__lead">{t('account.endedLead')}</p>
      <ul className="session-list">
        {sessions.map((session) => (
          <li key={session.id} className="session-item session-item--ended">
            <p className="session-item__name">
              <strong>{name(session)}</strong>
              <span className="badge">{t('account.endedBadge')}</span>
            </p>
            <p className="session-item__facts">
              {t('account.endedAt', { time: formatRelative(session.endedAt) })}
              <Dot />
              {t('account.started', { time: formatDateTime(session.startedAt) })}
            </p>
          </li>
        ))}
      </ul>
      {count > sessions.length && (
        <p className="records-empty">
          {t('account.endedMore', { count: count - sessions.length })}
        </p>
      )}
    </section>
  )
}

function SignIns({ id, signIns }: { id: string; signIns: SignIn[] }) {
  const { t } = useTranslation('records')
  const name = useDeviceName()
  return (
    <section className="card records-card" aria-labelledby={id}>
      <h2 id={id}>{t('account.signInsTitle')}</h2>
      <p className="records-card__lead">{t('account.signInsLead')}</p>
      {signIns.length === 0 ? (
        <p className="records-empty">{t('account.signInsEmpty')}</p>
      ) : (
        <ol className="activity-list">
          {signIns.map((row) => (
            <li key={row.id}>
              <p className="activity-line">
                <strong className={row.succeeded ? undefined : 'sign-in--failed'}>
                  {row.succeeded ? t('account.succeeded') : t('account.failed')}
                </strong>{' '}
                {row.method === 'microsoft'
                  ? t('account.methodMicrosoft')
                  : t('account.methodPassword')}
                <Dot />
                <time dateTime={row.at.toISOString()}>{formatDateTime(row.at)}</time>
              </p>
              <p className="activity-details">
                {name(row)}
                {row.address && (
                  <>
                    <Dot />
                    {t('account.address', { address: row.address })}
                  </>
                )}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

function EndSessionDialog({
  ending,
  onClose,
  onEnded,
}: {
  ending: Ending
  onClose: () => void
  onEnded: () => void
}) {
  const { t } = useTranslation('records')
  const errorText = useErrorMessage()
  const end = useEndSession()
  const name = useDeviceName()
  const one = ending && 'session' in ending ? ending.session : null
  return (
    <ConfirmDialog
      open={ending !== null}
      onClose={() => {
        if (!end.isPending) end.reset()
        onClose()
      }}
      onConfirm={() => {
        if (!ending) return
        end.send(one ? { session: one.id } : { others: true }, {
          onSuccess: (answer) => {
            toaster.show(
              one ? t('account.endedOne') : t('account.endedOthers', { count: answer.data.ended }),
            )
            onEnded()
          },
        })
      }}
      title={
        one ? t('account.confirmOneTitle', { name: name(one) }) : t('account.confirmOthersTitle')
      }
      description={<p>{one ? t('account.confirmOneBody') : t('account.confirmOthersBody')}</p>}
      confirmLabel={one ? t('account.signOutThere') : t('account.signOutOthers')}
      pending={end.isPending}
      destructive
      error={end.isError ? <Alert tone="error">{errorText(end.error)}</Alert> : null}
    />
  )
}
