import type { QueryObserverResult } from '@tanstack/react-query'
import { useRef, type ReactNode, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/button'
import type { Device } from '@contract/schemas'
import type { BeforeFetch } from '@/features/enrollment/api'
import { installGuide } from '@/features/enrollment/guides'
import type { Owner, Platform } from '@/features/enrollment/platform'
import type { Where } from '@/features/enrollment/wizard-state'
import { useFocusHandedOn } from '@/lib/use-focus-handed-on'
import { ArrivalCheck } from './arrival-check'
import { setupCodeAddress, ShowCodeElsewhere } from './company-phone-here'
import { SetupCode } from './setup-code'

/**
 * What the step shows only until the device arrives: the steps, the setup code, the way back. A
 * focus in it as it leaves (the code's own button, a problem opened) goes on to the device.
 */
function UntilArrival({
  next,
  className,
  children,
}: {
  next: RefObject<HTMLElement | null>
  className: string
  children: ReactNode
}) {
  const ref = useFocusHandedOn<HTMLDivElement>(next)
  return (
    <div ref={ref} className={className}>
      {children}
    </div>
  )
}

/**
 * Step 4: numbered instructions for after the download, what to do when it fails, and the check.
 * Once the new device has arrived they have done their part: the step says so and leads on to the
 * device, and nothing on it invites a second scan or download any more.
 */
export function InstallStep({
  platform,
  owner,
  where,
  appleId,
  email,
  wizardAddress,
  headingRef,
  arrivals,
  watching,
  check,
  beforeFetch,
  onBack,
  onRestart,
}: {
  platform: Platform
  owner: Owner
  where: Where
  appleId: string | null
  email: string
  /** The absolute address of the wizard with the choices made. */
  wizardAddress: string
  headingRef: RefObject<HTMLHeadingElement | null>
  arrivals: Device[]
  /** Whether this tab fetched the profile and can tell the new device apart. */
  watching: boolean
  check: () => Promise<QueryObserverResult<Device[]>>
  beforeFetch: BeforeFetch
  onBack: () => void
  onRestart: () => void
}) {
  const { t } = useTranslation('enrollment')
  const guide = installGuide(platform, owner, where)
  const heading = platform === 'android' && owner === 'company' ? 'androidCompany' : platform
  const arrived = arrivals.length > 0
  const device = useRef<HTMLAnchorElement>(null)

  return (
    <div className="wizard-step">
      <h2 ref={headingRef} tabIndex={-1} className="wizard-step__heading focus-target">
        {arrived ? t('arrival.done') : t(`install.heading.${heading}`)}
      </h2>
      {!arrived && (
        <UntilArrival next={device} className="install-guide">
          {guide.lists.map((list) => (
            <div key={list.heading ?? 'steps'} className="install-steps">
              {list.heading && <h3>{t(`install.${list.heading}`)}</h3>}
              <ol
                className="install-steps__list"
                aria-label={list.heading ? undefined : t('install.stepsLabel')}
              >
                {list.steps.map((key) => (
                  <li key={key} className="install-steps__item">
                    {t(`install.steps.${key}`, { appleId: appleId ?? '' })}
                  </li>
                ))}
              </ol>
              {list.heading === 'companyNew' &&
                (where === 'other' ? (
                  <SetupCode beforeFetch={beforeFetch} />
                ) : (
                  <ShowCodeElsewhere address={setupCodeAddress(wizardAddress)} email={email} />
                ))}
            </div>
          ))}

          <section className="problems">
            <h3>{t('install.problemsHeading')}</h3>
            {guide.problems.map((key) => (
              <details key={key} className="problems__item">
                <summary>{t(`install.problems.${key}.q`)}</summary>
                <p>{t(`install.problems.${key}.a`)}</p>
              </details>
            ))}
          </section>
        </UntilArrival>
      )}

      <ArrivalCheck
        platform={platform}
        arrivals={arrivals}
        watching={watching}
        check={check}
        onRestart={onRestart}
        arrivedRef={device}
        primary={heading !== 'androidCompany'}
      />

      {!arrived && (
        <UntilArrival next={device} className="button-row wizard-step__actions">
          <Button onClick={onBack}>{t('install.back')}</Button>
        </UntilArrival>
      )}
    </div>
  )
}
