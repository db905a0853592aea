import type { RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert } from '@/components/alert'
import { Button } from '@/components/button'
import type { User } from '@contract/schemas'
import { requirements } from '@/features/enrollment/guides'
import { needsManagedAppleId, type Owner, type Platform } from '@/features/enrollment/platform'
import type { StepLink } from '@/features/enrollment/wizard-state'
import { AppleIdMissing } from './apple-id-missing'

/** Step 2: what the user needs at hand, and whether the account allows this enrollment at all. */
export function CheckStep({
  platform,
  owner,
  user,
  headingRef,
  change,
  onBack,
  onContinue,
  onRecheck,
}: {
  platform: Platform
  owner: Owner
  user: User
  headingRef: RefObject<HTMLHeadingElement | null>
  /** The link back to the device step, to change the choices. */
  change: StepLink
  onBack: () => void
  onContinue: () => void
  onRecheck: () => Promise<boolean>
}) {
  const { t } = useTranslation(['enrollment', 'common'])
  const appleIdNeeded = needsManagedAppleId(platform, owner)
  const blocked = appleIdNeeded && !user.managedappleid

  return (
    <div className="wizard-step">
      <h2 ref={headingRef} tabIndex={-1} className="wizard-step__heading focus-target">
        {t('check.heading')}
      </h2>
      <p className="wizard-step__summary">
        {t('check.summary', { device: t(`platform.${platform}`), owner: t(`owner.${owner}`) })}{' '}
        {/* Its name says what it changes, for a list of links or a Tab that reaches it alone. */}
        <Link {...change} aria-label={t('check.changeLabel')}>
          {t('check.change')}
        </Link>
      </p>

      {blocked ? (
        <AppleIdMissing
          email={user.email}
          onRecheck={onRecheck}
          onChooseOther={onBack}
          next={headingRef}
        />
      ) : (
        <>
          {platform === 'android' && owner === 'company' && (
            <Alert tone="warning" title={t('check.resetWarning.title')}>
              <p>{t('check.resetWarning.body')}</p>
            </Alert>
          )}
          <ul className="checklist" aria-label={t('check.listLabel')}>
            {appleIdNeeded && user.managedappleid && (
              <li className="checklist__item checklist__item--ok">
                {t('check.appleIdOk', { appleId: user.managedappleid })}
              </li>
            )}
            {requirements(platform, owner).map((key) => (
              <li key={key} className="checklist__item">
                {t(`check.items.${key}`)}
              </li>
            ))}
          </ul>
          <div className="button-row wizard-step__actions">
            <Button onClick={onBack}>{t('common:actions.back')}</Button>
            <Button variant="primary" onClick={onContinue}>
              {t('common:actions.continue')}
            </Button>
          </div>
        </>
      )}
    </div>
  )
}
