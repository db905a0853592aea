import type { QueryObserverResult } from '@tanstack/react-query'
import { useId, useState, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from '@/components/alert'
import { Button, type ButtonProps } from '@/components/button'
import { isSessionRefusal } from '@/lib/api/api-error'
import { useErrorMessage } from '@/lib/api/error-message'
import type { Device } from '@contract/schemas'
import { deviceName } from '@/entities/device/name'
import type { Platform } from '@/features/enrollment/platform'
import { paths } from '@/lib/paths'
import { useFocusHandedOn } from '@/lib/use-focus-handed-on'

/** The check leaves once a device has arrived: its focus goes on to the (first) device. */
function CheckButton({ next, ...props }: ButtonProps & { next: RefObject<HTMLElement | null> }) {
  const ref = useFocusHandedOn<HTMLButtonElement>(next)
  return <Button ref={ref} {...props} />
}

/**
 * "Has my new device arrived?": names what came with the profile fetched for the choice. The
 * list is read again by itself while the step waits for it (use-new-devices.ts); the button asks
 * at once. Once a device has arrived, the question is answered: what is left is the way on, to
 * the device's page first.
 */
export function ArrivalCheck({
  platform,
  arrivals,
  watching,
  check,
  onRestart,
  arrivedRef,
  primary = true,
}: {
  /** An Android phone is set up, not given a profile to install: the waiting says so. */
  platform: Platform
  arrivals: Device[]
  /**
   * Whether this tab fetched the profile, and so knows the devices there were before it. Without
   * that (a bookmark, another tab) no device can be told apart as the new one: the step says so
   * and leads to the list of devices instead of waiting for nothing.
   */
  watching: boolean
  /** Reads the list again at the user's asking; its failure is this step's to show, not a toast's. */
  check: () => Promise<QueryObserverResult<Device[]>>
  onRestart: () => void
  /** The way on to the (first) device that arrived, where the focus goes as the check leaves. */
  arrivedRef: RefObject<HTMLAnchorElement | null>
  /** False where the step has its main button elsewhere (a new company phone's setup code). */
  primary?: boolean
}) {
  const { t } = useTranslation('enrollment')
  const message = useErrorMessage()
  const [asked, setAsked] = useState(false)
  // The user's own check only: the reads the step does by itself change nothing on the page.
  const [checking, setChecking] = useState(false)
  // What the user's own check came to: the answer of its read, not the result handed down when
  // the step last rendered, which a failed read of a list already there does not render again.
  const [failure, setFailure] = useState<unknown>(null)
  const answered = asked && !checking
  const headingId = useId()
  const [first] = arrivals
  const android = platform === 'android'

  return (
    <section
      className={first ? 'arrival arrival--done' : 'arrival'}
      aria-labelledby={first ? undefined : headingId}
    >
      {!first && <h3 id={headingId}>{t('arrival.heading')}</h3>}
      {!first && watching && (
        <>
          <p>{t(android ? 'arrival.bodyAndroid' : 'arrival.body')}</p>
          <p>{t('arrival.watching')}</p>
        </>
      )}
      {!watching && <p>{t('arrival.notWatching')}</p>}
      <div role="status" className="arrival__status">
        {first && (
          <div className="alert alert--success">
            {arrivals.length === 1 ? (
              <p className="alert__title">{t('arrival.arrived', { name: deviceName(first) })}</p>
            ) : (
              <>
                <p className="alert__title">{t('arrival.arrivedMany')}</p>
                <ul>
                  {arrivals.map((device) => (
                    <li key={device.clientid}>
                      <Link
                        ref={device === first ? arrivedRef : undefined}
                        to={paths.device(device.clientid)}
                      >
                        {deviceName(device)}
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
        {!first && answered && failure === null && (
          <p className="arrival__not-yet">
            {t(android ? 'arrival.notYetAndroid' : 'arrival.notYet')}
          </p>
        )}
      </div>
      {/* A check the ended session refused: sign-in is on its way, and says so. */}
      {!first && answered && failure !== null && !isSessionRefusal(failure) && (
        <Alert tone="error" title={t('arrival.failed')}>
          <p>{message(failure)}</p>
        </Alert>
      )}
      <div className="button-row">
        {!first && watching && (
          <CheckButton
            next={arrivedRef}
            variant={primary ? 'primary' : 'secondary'}
            pending={checking}
            pendingLabel={t('arrival.checking')}
            onClick={() => {
              setAsked(true)
              setChecking(true)
              void check()
                .then((result) => setFailure(result.isError ? result.error : null))
                .finally(() => setChecking(false))
            }}
          >
            {t('arrival.check')}
          </CheckButton>
        )}
        {first && arrivals.length === 1 && (
          <Link
            ref={arrivedRef}
            className="button button--primary"
            to={paths.device(first.clientid)}
          >
            {t('arrival.view', { name: deviceName(first) })}
          </Link>
        )}
        {/* Another device is a choice of its own, never where a device that came leads. */}
        {first && <Button onClick={onRestart}>{t('arrival.another')}</Button>}
        {/* Several that came: the list of devices is the way on to them. */}
        <Link
          className={arrivals.length > 1 ? 'button button--primary' : undefined}
          to={paths.devices()}
        >
          {t('arrival.devices')}
        </Link>
      </div>
    </section>
  )
}
