import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Button } from '@/components/button'
import { useErrorMessage } from '@/lib/api/error-message'
import {
  NoProvisioningError,
  useProvisioningCode,
  type BeforeFetch,
} from '@/features/enrollment/api'
import { QrCode } from './qr-code'
import './setup-code.css'

/**
 * The QR code a new or reset company phone's setup wizard scans, drawn from the enrollment
 * profile when the user asks for it, and hidden again on request: anyone who scans it enrolls
 * a phone for this account.
 */
export function SetupCode({ beforeFetch }: { beforeFetch: BeforeFetch }) {
  const { t } = useTranslation(['enrollment', 'common'])
  const id = useId()
  const code = useProvisioningCode(beforeFetch)
  const message = useErrorMessage()
  const show = () => code.send()

  return (
    <section className="setup-code" aria-labelledby={id}>
      <h4 id={id}>{t('setupCode.heading')}</h4>
      <p>{t('setupCode.body')}</p>
      {code.isSuccess ? (
        <div className="setup-code__shown">
          <QrCode
            text={code.data}
            label={t('setupCode.label')}
            className="qr-code--large"
            errorCorrectionLevel="L"
          />
          <p className="setup-code__private">{t('setupCode.private')}</p>
          <Button onClick={() => code.reset()}>{t('setupCode.hide')}</Button>
        </div>
      ) : (
        <Button
          variant="primary"
          pending={code.isPending}
          pendingLabel={t('setupCode.pending')}
          onClick={show}
        >
          {t('setupCode.show')}
        </Button>
      )}
      {code.error instanceof NoProvisioningError && (
        <Alert tone="warning" title={t('setupCode.none.title')}>
          <p>{t('setupCode.none.body')}</p>
        </Alert>
      )}
      {code.error && !(code.error instanceof NoProvisioningError) && (
        <Alert tone="error" title={t('setupCode.failed')}>
          <p>{message(code.error)}</p>
          <Button onClick={show}>{t('common:actions.retry')}</Button>
        </Alert>
      )}
    </section>
  )
}
