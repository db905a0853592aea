import { useRef, useState, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from '@contract/zod'
import { Alert } from '@/components/alert'
import { Button } from '@/components/button'
import { OWNERS, PLATFORMS, type Owner, type Platform } from '@/features/enrollment/platform'
import { ChoiceGroup } from './choice-group'

const ERRORS = {
  platform: 'device.errors.platform',
  owner: 'device.errors.owner',
} as const

const choiceSchema = z.object({
  platform: z.enum(PLATFORMS, { message: ERRORS.platform }),
  owner: z.enum(OWNERS, { message: ERRORS.owner }),
})

/** Step 1: the kind of device (preselected from the browser) and who owns it. */
export function DeviceStep({
  initialPlatform,
  initialOwner,
  detected,
  headingRef,
  onContinue,
}: {
  initialPlatform: Platform | null
  initialOwner: Owner | null
  detected: Platform | null
  headingRef: Ref<HTMLHeadingElement>
  onContinue: (platform: Platform, owner: Owner) => void
}) {
  const { t } = useTranslation(['enrollment', 'common'])
  const [platform, setPlatform] = useState<Platform | null>(initialPlatform ?? detected)
  const [owner, setOwner] = useState<Owner | null>(initialOwner)
  const [submitted, setSubmitted] = useState(false)
  const platformRef = useRef<HTMLInputElement>(null)
  const ownerRef = useRef<HTMLInputElement>(null)

  const result = choiceSchema.safeParse({ platform, owner })
  const invalid = new Set(result.success ? [] : result.error.issues.map((issue) => issue.path[0]))
  const errorFor = (field: keyof typeof ERRORS) =>
    submitted && invalid.has(field) ? t(ERRORS[field]) : null

  return (
    <form
      className="wizard-step"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        setSubmitted(true)
        if (result.success) {
          onContinue(result.data.platform, result.data.owner)
          return
        }
        ;(invalid.has('platform') ? platformRef : ownerRef).current?.focus()
      }}
    >
      <h2 ref={headingRef} tabIndex={-1} className="wizard-step__heading focus-target">
        {t('device.heading')}
      </h2>
      {/* Not announced: the focus goes to the first choice to make, read with its error. */}
      {submitted && !result.success && (
        <Alert tone="error" title={t('device.errors.summary')} announced={false} />
      )}
      <ChoiceGroup
        name="platform"
        legend={t('device.platformLegend')}
        value={platform}
        onChange={setPlatform}
        error={errorFor('platform')}
        firstRef={platformRef}
        options={PLATFORMS.map((value) => ({
          value,
          label: t(`platform.${value}`),
          hint: t(`device.platformHint.${value}`),
          badge: detected === value && (
            <span className="badge badge--info">{t('device.thisDevice')}</span>
          ),
        }))}
      />
      <ChoiceGroup
        name="owner"
        legend={t('device.ownerLegend')}
        value={owner}
        onChange={setOwner}
        error={errorFor('owner')}
        firstRef={ownerRef}
        options={OWNERS.map((value) => ({
          value,
          label: t(`owner.${value}`),
          hint: t(`device.ownerHint.${value}`),
        }))}
      />
      <div className="button-row wizard-step__actions">
        <Button type="submit" variant="primary">
          {t('common:actions.continue')}
        </Button>
      </div>
    </form>
  )
}
