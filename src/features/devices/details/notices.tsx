import { Fragment, useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Glyph } from '@/components/icons'
import { APP_LIST_SLOW_MS, useAppListRequest } from '@/entities/app/app-list-requests'
import { paths } from '@/lib/paths'
import { isUnanswered, reachability } from '@/entities/device/waiting'
import { formatAgo } from '@/lib/format'
import { useDeviceErrorMessage } from '@/features/devices/device-error'
import type { Notice } from './use-notices'

type Tone = 'info' | 'success' | 'error'

/** What the app list request says: asked, still waiting, or answered with the way to the apps. */
function AppListText({
  clientId,
  name,
  lastContact,
  now,
}: {
  clientId: string
  name: string
  lastContact: Date | null
  now: number
}) {
  const { t } = useTranslation('devices')
  const request = useAppListRequest(clientId)
  // The way to the apps is beside the news, outside the live region (AppListLink).
  if (request?.answeredAt) return <p>{t('done.appListRefresh', { name })}</p>
  const slow = request !== null && now - request.askedAt >= APP_LIST_SLOW_MS
  if (!slow) return <p>{t('sent.appListRefresh', { name })}</p>
  const relative = lastContact ? formatAgo(lastContact, now) : ''
  return <p>{t(SLOW[reachability({ lastcontact: lastContact }, now)], { name, relative })}</p>
}

/** Where an app list the device sent leads: its apps, beside the news that it came. */
function AppListLink({ clientId, name }: { clientId: string; name: string }) {
  const { t } = useTranslation('devices')
  return (
    <p>
      <Link to={paths.apps(clientId)}>{t('done.appListRefreshLink', { name })}</Link>
    </p>
  )
}

/** What is said of an app list long in coming, by how recently the device was in touch. */
const SLOW = {
  unknown: 'sent.appListRefreshSlow',
  online: 'sent.appListRefreshSlowOnline',
  seen: 'sent.appListRefreshSlowSeen',
} as const

function toneOf(notice: Notice, answered: boolean): Tone {
  if (notice.kind === 'failed') return 'error'
  if (notice.kind === 'done' || (notice.kind === 'appList' && answered)) return 'success'
  return 'info'
}

/**
 * The page's one current notice, in a polite live region that is always there, so screen readers
 * hear "Screen locked." when the device answers, without losing their place.
 */
export function Notices({
  notice,
  clientId,
  name,
  lastContact,
  now,
  onDismiss,
  action,
}: {
  notice: Notice | null
  clientId: string
  name: string
  /** The device's last contact, to word a long wait by it. */
  lastContact: Date | null
  now: number
  onDismiss: () => void
  /** Where the news leads, under its words (the map, once a location arrived). */
  action?: ReactNode
}) {
  const { t } = useTranslation('devices')
  const common = useTranslation().t
  const errorMessage = useDeviceErrorMessage()
  const request = useAppListRequest(clientId)
  const answered = Boolean(request?.answeredAt)
  const slow = request !== null && !answered && now - request.askedAt >= APP_LIST_SLOW_MS
  const tone = notice ? toneOf(notice, answered) : 'info'
  const newsId = useId()
  // A command not answered for an hour is said to be so, as the device's overview says it: the
  // device is off or offline, not about to answer.
  const unanswered = notice?.kind === 'waiting' && isUnanswered(notice.sentAt, now)
  const spinning =
    (notice?.kind === 'waiting' && !unanswered) ||
    (notice?.kind === 'appList' && !answered && !slow)
  // The live region holds the news alone, so that neither "Dismiss" nor where the news leads (the
  // map, the apps) is read out with it; the box around them is the notice to the eye. "Dismiss" is
  // described by the news, as a toast's is: on its own it does not say what goes away.
  return (
    <div className={notice ? `notices alert alert--${tone} notice` : 'notices'}>
      {spinning && <span className="spinner" aria-hidden="true" />}
      <div className="notice__text">
        <div className="notice__news" id={newsId} role="status" aria-live="polite">
          {notice && (
            <Fragment key={notice.id}>
              {notice.kind === 'waiting' && (
                <p>
                  {unanswered
                    ? t('sent.unanswered', { name, relative: formatAgo(notice.sentAt, now) })
                    : t('sent.waiting', { name })}
                </p>
              )}
              {notice.kind === 'done' && <p>{t(notice.key, { name })}</p>}
              {notice.kind === 'failed' && <p>{errorMessage(notice.error)}</p>}
              {notice.kind === 'appList' && (
                <AppListText clientId={clientId} name={name} lastContact={lastContact} now={now} />
              )}
            </Fragment>
          )}
        </div>
        {notice?.kind === 'appList' && answered && <AppListLink clientId={clientId} name={name} />}
        {notice && action}
      </div>
      {notice && (
        <button
          type="button"
          className="button button--ghost notice__dismiss"
          aria-describedby={newsId}
          onClick={onDismiss}
        >
          <Glyph name="close" />
          <span className="visually-hidden">{common('actions.dismiss')}</span>
        </button>
      )}
    </div>
  )
}
