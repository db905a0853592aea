import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Button } from '@/components/button'
import { Dialog } from '@/components/dialog'
import { renewSession } from '@/lib/api/client'
import { getConfig } from '@/lib/config'
import { formatMinutesSeconds } from '@/lib/format'
import { session, useSession } from '@/lib/session'
import { sessionMoments, timeLeft } from './session-timing'

/** Activity renews at most this often: a keystroke per renewal would flood the service. */
const ACTIVITY_THROTTLE_MS = 30_000
const ACTIVITY_EVENTS = ['keydown', 'pointerdown'] as const

/**
 * Warns before the session ends (WCAG 2.2.1, Timing Adjustable): an alert dialog with the time
 * left, "Stay signed in" (a renewal, as often as wanted) and "Sign out". Someone busy on the
 * page is not interrupted: activity near the end renews quietly. At the end the session
 * expires here too, so a page left alone never sends a request that would fail; the open dialog
 * keeps its draft for after signing in again.
 */
export function SessionTimeout() {
  const { t } = useTranslation()
  const { token, issuedAt } = useSession()
  const times = getConfig().tokenTimes
  const moments = token && issuedAt && times ? sessionMoments(issuedAt, times) : null
  const renewFrom = moments?.renewFrom
  const warnAt = moments?.warnAt
  const expiresAt = moments?.expiresAt
  // Which token the warning is for: a renewal (here or in another tab) hides it by itself.
  const [warnedFor, setWarnedFor] = useState<number | null>(null)
  const [now, setNow] = useState(() => Date.now())
  const [renewing, setRenewing] = useState(false)
  const [failedFor, setFailedFor] = useState<number | null>(null)
  const warning = moments !== null && warnedFor === issuedAt

  useEffect(() => {
    if (warnAt === undefined || expiresAt === undefined || !issuedAt) return
    const warn = setTimeout(() => {
      setNow(Date.now())
      setWarnedFor(issuedAt)
    }, warnAt - Date.now())
    const end = setTimeout(() => session.expire(), expiresAt - Date.now())
    return () => {
      clearTimeout(warn)
      clearTimeout(end)
    }
  }, [warnAt, expiresAt, issuedAt])

  // The safe answer is where the focus starts (the APG's alert dialog), so Enter keeps working.
  const stayRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!warning) return
    const tick = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(tick)
  }, [warning])

  useEffect(() => {
    if (renewFrom === undefined || warnAt === undefined || warning) return
    let last = 0
    const active = () => {
      const at = Date.now()
      if (at < renewFrom || at >= warnAt || at - last < ACTIVITY_THROTTLE_MS) return
      last = at
      void renewSession()
    }
    for (const type of ACTIVITY_EVENTS) document.addEventListener(type, active, { passive: true })
    return () => {
      for (const type of ACTIVITY_EVENTS) document.removeEventListener(type, active)
    }
  }, [renewFrom, warnAt, warning])

  const stay = () => {
    setRenewing(true)
    void renewSession().then((renewed) => {
      setRenewing(false)
      if (!renewed) setFailedFor(issuedAt)
    })
  }

  const left = timeLeft((expiresAt ?? now) - now)
  const failed = failedFor !== null && failedFor === issuedAt
  return (
    <Dialog
      alert
      open={warning}
      // Escape or the close button mean "not now": the session is extended, as with the button.
      // (The dialog also reports closing when the warning went away by itself.)
      onClose={() => {
        if (warning && !renewing) stay()
      }}
      start={stayRef}
      title={t('sessionTimeout.title')}
      description={
        <>
          <p>{t('sessionTimeout.body')}</p>
          <p className="session-timeout__left">
            {t('sessionTimeout.left', { time: formatMinutesSeconds(left) })}
          </p>
        </>
      }
      footer={
        <>
          <Button onClick={() => session.signOut()}>{t('sessionTimeout.signOut')}</Button>
          <Button
            ref={stayRef}
            variant="primary"
            pending={renewing}
            pendingLabel={t('sessionTimeout.staying')}
            onClick={stay}
          >
            {t('sessionTimeout.stay')}
          </Button>
        </>
      }
    >
      {failed && (
        <Alert tone="error">
          <p>{t('sessionTimeout.failed')}</p>
        </Alert>
      )}
    </Dialog>
  )
}
