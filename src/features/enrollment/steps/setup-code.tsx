import { useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Button } from '@/components/button'
import {
  NoProvisioningError,
  useProvisioningCode,
  type BeforeFetch,
} from '@/features/enrollment/api'
import { ErrorState } from '@/components/error-state'
import { QrCode } from './qr-code'
import './setup-code.css'

/**
 * The QR code a new or reset company phone's setup wizard scans, drawn from the enrollment
 * profile when the user asks for it, and hidden again on request: anyone who scans it enrolls
 * a phone for this account.
 */
export function SetupCode({ beforeFetch }: { beforeFetch: BeforeFetch }) {
  const { t } = useTranslation('enrollment')
  const id = useId()
  const button = useRef<HTMLButtonElement>(null)
  const code = useProvisioningCode(beforeFetch)
  const show = () => code.send()

  return (
    <section className="setup-code" aria-labelledby={id}>
      <h4 id={id}>{t('setupCode.heading')}</h4>
      <p>{t('setupCode.body')}</p>
      <div className="setup-code__shown">
        {code.isSuccess && (
          <>
            <QrCode
              text={code.data}
              label={t('setupCode.label')}
              className="qr-code--large"
              errorCorrectionLevel="L"
            />
            <p className="setup-code__private">{t('setupCode.private')}</p>
          </>
        )}
        {/* One button shows and hides the code: the focus stays on it either way. */}
        <Button
          ref={button}
          variant={code.isSuccess ? 'secondary' : 'primary'}
          pending={code.isPending}
          pendingLabel={t('setupCode.pending')}
          onClick={code.isSuccess ? () => code.reset() : show}
        >
          {code.isSuccess ? t('setupCode.hide') : t('setupCode.show')}
        </Button>
      </div>
      {code.error instanceof NoProvisioningError && (
        <Alert tone="warning" title={t('setupCode.none.title')}>
          <p>{t('setupCode.none.body')}</p>
        </Alert>
      )}
      {code.error && !(code.error instanceof NoProvisioningError) && (
        <ErrorState title={t('setupCode.failed')} error={code.error} onRetry={show} next={button} />
      )}
    </section>
  )
}
