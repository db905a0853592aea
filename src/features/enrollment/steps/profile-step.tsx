import { useEffect, useId, useState, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Button } from '@/components/button'
import { isSessionRefusal } from '@/lib/api/api-error'
import { useErrorMessage } from '@/lib/api/error-message'
import { useProfileLink, type BeforeFetch } from '@/features/enrollment/api'
import { isIosOtherBrowser, type Owner, type Platform } from '@/features/enrollment/platform'
import type { Where } from '@/features/enrollment/wizard-state'
import { ChoiceGroup } from './choice-group'
import {
  BlockedTabLink,
  openInNewTab,
  setupCodeAddress,
  ShowCodeElsewhere,
} from './company-phone-here'
import { CopyAddress } from './copy-address'
import { ProfileDownload } from './profile-download'
import { QrCode } from './qr-code'

/**
 * Step 3: on the device itself, a direct link that lets the device's own browser take over,
 * with the file as a fall-back; on another device, a QR code that opens the wizard on the
 * phone (the address only, never a token) and the file to download.
 */
export function ProfileStep({
  platform,
  owner,
  where,
  email,
  wizardAddress,
  headingRef,
  beforeFetch,
  onWhere,
  onOpened,
  onBack,
  onContinue,
}: {
  platform: Platform
  owner: Owner
  where: Where
  email: string
  /** The absolute address of the wizard with the choices made, for the QR code. */
  wizardAddress: string
  headingRef: Ref<HTMLHeadingElement>
  beforeFetch: BeforeFetch
  onWhere: (where: Where) => void
  /** Moves on to the steps before the browser leaves for the profile, so coming back shows them. */
  onOpened: () => Promise<void>
  onBack: () => void
  onContinue: () => void
}) {
  const { t } = useTranslation(['enrollment', 'common'])
  const phone = platform !== 'macos'
  const id = useId()
  const link = useProfileLink(beforeFetch)
  const message = useErrorMessage()
  const companyAndroid = platform === 'android' && owner === 'company'
  // iPhone and iPad install profiles only from Safari: in another browser the address to open in
  // Safari is the main way, and the profile the second.
  const notSafari = platform === 'ios' && isIosOtherBrowser()
  const codeAddress = setupCodeAddress(wizardAddress)
  // The one-time link whose new tab the browser blocked: shown, and the wizard waits for it.
  const [blocked, setBlocked] = useState<string | null>(null)
  const open = () => {
    // Android's enrollment page is the service's: it opens beside the portal. Apple's profile
    // is a file the browser hands to Settings, so the wizard's page stays as it is.
    if (platform === 'android') {
      setBlocked(null)
      openInNewTab(
        (handlers) => link.send({ platform, owner }, handlers),
        () => void onOpened(),
        setBlocked,
      )
      return
    }
    link.send(
      { platform, owner },
      { onSuccess: (url) => void onOpened().then(() => window.location.assign(url)) },
    )
  }
  const openButton = (variant: 'primary' | 'secondary') => (
    <Button
      variant={variant}
      className={variant === 'primary' ? 'profile-panel__main' : undefined}
      pending={link.isPending}
      pendingLabel={t('profile.opening.pending')}
      onClick={open}
    >
      {t(`profile.open.${platform}`)}
      {platform === 'android' && <span className="visually-hidden"> {t('profile.newTab')}</span>}
    </Button>
  )
  const blockedLink = blocked && (
    <BlockedTabLink address={blocked} onOpened={() => void onOpened()} />
  )
  // A refusal of the ended session: sign-in is on its way and says so, as for a download.
  const openError = link.error && !isSessionRefusal(link.error) && (
    <Alert tone="error" title={t(`profile.opening.failed.${platform}`)}>
      <p>{message(link.error)}</p>
    </Alert>
  )
  // The phone that scans the code, or the Mac that opens the address, fetches this choice's
  // profile itself: a device of its kind from now on is the one being set up, as after a
  // download here.
  useEffect(() => {
    if (where === 'other') void beforeFetch(platform, owner)
  }, [where, platform, owner, beforeFetch])

  return (
    <div className="wizard-step">
      <h2 ref={headingRef} tabIndex={-1} className="wizard-step__heading focus-target">
        {platform === 'android' ? t('profile.headingAndroid') : t('profile.heading')}
      </h2>
      <ChoiceGroup
        name="where"
        compact
        legend={t('profile.whereLegend')}
        value={where}
        onChange={onWhere}
        options={[
          { value: 'this', label: t(`profile.whereThis.${platform}`) },
          { value: 'other', label: t(`profile.whereOther.${platform}`) },
        ]}
      />

      {where === 'this' && companyAndroid ? (
        <>
          <section className="profile-panel" aria-labelledby={`${id}-new`}>
            <h3 id={`${id}-new`}>{t('companyHere.newHeading')}</h3>
            <p>{t('companyHere.newBody')}</p>
            <ShowCodeElsewhere address={codeAddress} email={email} />
          </section>
          <section className="profile-panel" aria-labelledby={`${id}-in-use`}>
            <h3 id={`${id}-in-use`}>{t('companyHere.inUseHeading')}</h3>
            <p>{t('companyHere.inUseBody')}</p>
            {openButton('secondary')}
            {blockedLink}
            {openError}
          </section>
        </>
      ) : where === 'this' ? (
        <div className="profile-panel">
          <p>{t(`profile.here.${platform}`)}</p>
          {notSafari && (
            <Alert tone="warning" title={t('profile.otherBrowser.title')}>
              <p>{t('profile.otherBrowser.body')}</p>
              <CopyAddress address={wizardAddress} variant="primary" />
            </Alert>
          )}
          {openButton(notSafari ? 'secondary' : 'primary')}
          {blockedLink}
          {openError}
          {/* An Android phone does nothing with the file: it is there for the IT help desk. */}
          <p className="profile-panel__fallback">
            {t('profile.fallback', { context: platform === 'android' ? 'android' : undefined })}
          </p>
          <ProfileDownload
            platform={platform}
            owner={owner}
            email={email}
            beforeFetch={beforeFetch}
            variant="secondary"
          />
        </div>
      ) : (
        <>
          {phone ? (
            <section className="profile-panel scan" aria-labelledby={`${id}-scan`}>
              <h3 id={`${id}-scan`}>{t(`profile.scan.heading.${platform}`)}</h3>
              <p>{t(`profile.scan.body.${platform}`)}</p>
              <div className="scan__code">
                <QrCode text={wizardAddress} label={t('profile.scan.label')} />
                <div className="scan__address">
                  <p>{t('profile.scan.addressLabel')}</p>
                  <CopyAddress address={wizardAddress} />
                </div>
              </div>
            </section>
          ) : (
            <section className="profile-panel" aria-labelledby={`${id}-mac`}>
              <h3 id={`${id}-mac`}>{t('profile.openOnMac.heading')}</h3>
              <p>{t('profile.openOnMac.body')}</p>
              <CopyAddress address={wizardAddress} />
            </section>
          )}
          <section className="profile-panel" aria-labelledby={`${id}-download`}>
            <h3 id={`${id}-download`}>{t('profile.download.heading')}</h3>
            <p>{t(`profile.download.body.${platform}`)}</p>
            <ProfileDownload
              platform={platform}
              owner={owner}
              email={email}
              beforeFetch={beforeFetch}
              variant={phone ? 'secondary' : 'primary'}
            />
          </section>
        </>
      )}

      <div className="button-row wizard-step__actions">
        <Button onClick={onBack}>{t('common:actions.back')}</Button>
        {/* One primary button a step: here, unless the panel above has the main one. */}
        <Button variant={where === 'other' && phone ? 'primary' : 'secondary'} onClick={onContinue}>
          {t('profile.next')}
        </Button>
      </div>
    </div>
  )
}
