import { useState, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Button } from '@/components/button'
import { getConfig } from '@/lib/config'
import { useFocusHandedOn } from '@/lib/use-focus-handed-on'
import { LiveNews } from '@/components/live'

/**
 * Why a personal Apple device cannot be enrolled yet, what to ask the IT department for, and a
 * way to check again once they have added the managed Apple ID.
 */
export function AppleIdMissing({
  email,
  onRecheck,
  onChooseOther,
  next,
}: {
  email: string
  /** Reads the user record again; resolves to true when the managed Apple ID is there now. */
  onRecheck?: () => Promise<boolean>
  onChooseOther?: () => void
  /** Where the focus goes when a check that finds the ID takes this message away. */
  next?: RefObject<HTMLElement | null>
}) {
  const { t } = useTranslation('enrollment')
  const [checking, setChecking] = useState(false)
  const [stillMissing, setStillMissing] = useState(false)
  const recheck = useFocusHandedOn<HTMLButtonElement>(next)
  const helpdesk = getConfig().helpdesk?.email
  const mailto = helpdesk
    ? `mailto:${helpdesk}?subject=${encodeURIComponent(t('check.appleIdMissing.mailSubject'))}` +
      `&body=${encodeURIComponent(t('check.appleIdMissing.mailBody', { email }))}`
    : null

  return (
    // The alert holds the words alone, the ways on beside them in the same box: in it, they would
    // be read out with them.
    <Alert tone="error" className="apple-id-missing" announced={false}>
      <LiveNews role="alert" as="div">
        <p className="alert__title">{t('check.appleIdMissing.title')}</p>
        <p>{t('check.appleIdMissing.why')}</p>
        <p>{t('check.appleIdMissing.ask', { email })}</p>
        <p>{t('check.appleIdMissing.company')}</p>
      </LiveNews>
      {(onRecheck || onChooseOther || mailto) && (
        <div className="button-row">
          {onRecheck && (
            <Button
              ref={recheck}
              variant="primary"
              pending={checking}
              pendingLabel={t('check.appleIdMissing.checking')}
              onClick={() => {
                setChecking(true)
                setStillMissing(false)
                void onRecheck()
                  .then(
                    (found) => setStillMissing(!found),
                    () => setStillMissing(false),
                  )
                  .finally(() => setChecking(false))
              }}
            >
              {t('check.appleIdMissing.checkAgain')}
            </Button>
          )}
          {onChooseOther && (
            <Button onClick={onChooseOther}>{t('check.appleIdMissing.otherDevice')}</Button>
          )}
          {mailto && <a href={mailto}>{t('check.appleIdMissing.mailIt')}</a>}
        </div>
      )}
      <p role="status" className="apple-id-missing__status">
        {stillMissing ? t('check.appleIdMissing.stillMissing') : null}
      </p>
    </Alert>
  )
}
