import type { QueryObserverResult } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Screen } from '@/components/screen'
import type { User } from '@contract/schemas'
import { paths } from '@/lib/paths'
import { needsManagedAppleId } from './platform'
import { useNewDevices } from './use-new-devices'
import {
  STEPS,
  useWizardState,
  wizardPath,
  type Step,
  type StepChanges,
  type Where,
} from './wizard-state'
import './enrollment.css'
import { CheckStep } from '@/features/enrollment/steps/check-step'
import { DeviceStep } from '@/features/enrollment/steps/device-step'
import { InstallStep } from '@/features/enrollment/steps/install-step'
import { ProfileStep } from '@/features/enrollment/steps/profile-step'
import { WizardProgress } from './wizard-progress'

/**
 * After a step change, focus goes to the new step's heading, as after a page change. Back and
 * Forward: the browser then puts back where the step was scrolled to, so the heading is brought
 * into view again in the next frame.
 */
function useStepFocus(step: Step) {
  const ref = useRef<HTMLHeadingElement>(null)
  const shown = useRef(step)
  useEffect(() => {
    if (shown.current === step) return
    shown.current = step
    const heading = ref.current
    heading?.focus()
    const frame = requestAnimationFrame(() => heading?.scrollIntoView({ block: 'nearest' }))
    return () => cancelAnimationFrame(frame)
  }, [step])
  return ref
}

/**
 * The enrollment wizard: choose, check, get the profile, install, and see the device arrive.
 * The user's record comes from the route, which shows its loading and its failure; a session
 * that ends takes the record away there, rather than the wizard reading it again without one
 * and failing in the middle of the page on its way to sign-in.
 */
export function EnrollWizard({
  user,
  refetchUser,
}: {
  user: User
  refetchUser: () => Promise<QueryObserverResult<User>>
}) {
  const { t } = useTranslation('enrollment')
  const navigate = useNavigate()
  const wizard = useWizardState()
  const { platform, owner } = wizard

  // A choice the account does not allow never gets past the check, whatever the address says.
  const blocked =
    platform !== null &&
    owner !== null &&
    needsManagedAppleId(platform, owner) &&
    !user.managedappleid
  const step: Step =
    blocked && (wizard.step === 'profile' || wizard.step === 'install') ? 'check' : wizard.step

  const headingRef = useStepFocus(step)
  const { check, arrivals, watching, fetching } = useNewDevices(user.sid, { platform, owner, step })
  // The last step is done once the new device has arrived.
  const complete = step === 'install' && arrivals.length > 0
  // The tab names the step as the progress does: "Step 2 of 4: Check"; at the end, that it is.
  const stepTitle = complete
    ? t('arrival.done')
    : t('progress.stepTitle', {
        step: t('progress.stepOf', { current: STEPS.indexOf(step) + 1, total: STEPS.length }),
        name: t(`progress.${step}`, { context: platform === 'android' ? 'android' : undefined }),
      })

  const restart = () => void navigate(paths.enroll())
  // The device step's own entry keeps the choices, so the browser's Back comes back to them.
  const choose = async (choices: StepChanges) => {
    await wizard.go('device', choices, { replace: true })
    await wizard.go('check', choices)
  }

  // The switch answers at once, not only when the router has applied the new address.
  const [switchedTo, setSwitchedTo] = useState<Where | null>(null)
  if (switchedTo !== null && switchedTo === wizard.where) setSwitchedTo(null)
  const where = switchedTo ?? wizard.where

  return (
    <Screen title={t('title')} titleStep={stepTitle} lead={t('lead')}>
      <div className="wizard">
        <WizardProgress
          step={step}
          complete={complete}
          platform={platform}
          linkTo={wizard.linkTo}
        />
        <div className="card wizard__card">
          {step === 'device' || platform === null || owner === null ? (
            <DeviceStep
              // Back and forward to other choices start the form afresh from the address.
              key={`${platform}-${owner}`}
              initialPlatform={platform}
              initialOwner={owner}
              detected={wizard.detected}
              headingRef={headingRef}
              onContinue={(nextPlatform, nextOwner) =>
                void choose({ platform: nextPlatform, owner: nextOwner })
              }
            />
          ) : step === 'check' ? (
            <CheckStep
              platform={platform}
              owner={owner}
              user={user}
              headingRef={headingRef}
              change={wizard.linkTo('device')}
              onBack={() => void wizard.back('device')}
              onContinue={() => void wizard.go('profile')}
              onRecheck={async () => {
                const result = await refetchUser()
                // A failed refresh is reported by the central toast; it proves nothing missing.
                if (result.isError) throw result.error
                return Boolean(result.data?.managedappleid)
              }}
            />
          ) : step === 'profile' ? (
            <ProfileStep
              platform={platform}
              owner={owner}
              where={where}
              email={user.email}
              wizardAddress={`${window.location.origin}${wizardPath(platform, owner)}`}
              headingRef={headingRef}
              beforeFetch={fetching}
              onWhere={(next) => {
                setSwitchedTo(next)
                void wizard.go('profile', { where: next }, { replace: true })
              }}
              onOpened={() => wizard.go('install')}
              onBack={() => void wizard.back('check')}
              onContinue={() => void wizard.go('install')}
            />
          ) : (
            <InstallStep
              platform={platform}
              owner={owner}
              where={where}
              appleId={user.managedappleid ?? null}
              email={user.email}
              wizardAddress={`${window.location.origin}${wizardPath(platform, owner)}`}
              headingRef={headingRef}
              arrivals={arrivals}
              watching={watching}
              check={check}
              beforeFetch={fetching}
              onBack={() => void wizard.back('profile')}
              onRestart={restart}
            />
          )}
        </div>
      </div>
    </Screen>
  )
}
