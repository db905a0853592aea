import type { QueryObserverResult } from '@tanstack/react-query'
import type { Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/button'
import type { Device } from '@contract/schemas'
import type { BeforeFetch } from '@/features/enrollment/api'
import { installGuide } from '@/features/enrollment/guides'
import type { Owner, Platform } from '@/features/enrollment/platform'
import type { Where } from '@/features/enrollment/wizard-state'
import { ArrivalCheck } from './arrival-check'
import { setupCodeAddress, ShowCodeElsewhere } from './company-phone-here'
import { SetupCode } from './setup-code'

/** Step 4: numbered instructions for after the download, what to do when it fails, and the check. */
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
  headingRef: Ref<HTMLHeadingElement>
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

  return (
    <div className="wizard-step">
      <h2 ref={headingRef} tabIndex={-1} className="wizard-step__heading focus-target">
        {t(`install.heading.${heading}`)}
      </h2>
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

      <ArrivalCheck
        platform={platform}
        arrivals={arrivals}
        watching={watching}
        check={check}
        onRestart={onRestart}
        primary={heading !== 'androidCompany'}
      />

      <div className="button-row wizard-step__actions">
        <Button onClick={onBack}>{t('install.back')}</Button>
      </div>
    </div>
  )
}
