import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { Button } from '@/components/button'
import { isApiError } from '@/lib/api/api-error'
import { ERROR_CODES } from '@contract/error-codes'
import { useProfileDownload, type BeforeFetch } from '@/features/enrollment/api'
import type { Owner, Platform } from '@/features/enrollment/platform'
import { AppleIdMissing } from './apple-id-missing'
import { ErrorState } from '@/components/error-state'

/** The profile fetched with the session and saved as a file, with its outcome shown inline. */
export function ProfileDownload({
  platform,
  owner,
  email,
  beforeFetch,
  variant = 'primary',
}: {
  platform: Platform
  owner: Owner
  email: string
  beforeFetch: BeforeFetch
  variant?: 'primary' | 'secondary'
}) {
  const { t } = useTranslation('enrollment')
  const button = useRef<HTMLButtonElement>(null)
  const download = useProfileDownload(beforeFetch)
  const start = () => download.send({ platform, owner })
  const error = download.error
  const appleIdMissing = isApiError(error) && error.code === ERROR_CODES.managedAppleIdRequired

  return (
    <div className="profile-download">
      <Button
        ref={button}
        variant={variant}
        pending={download.isPending}
        pendingLabel={t('profile.download.pending')}
        onClick={start}
      >
        {t('profile.download.button')}
      </Button>
      {download.isSuccess && (
        <Alert tone="success" className="profile-download__result">
          <p>{t('profile.download.saved', { fileName: download.data.fileName })}</p>
        </Alert>
      )}
      {error && appleIdMissing && <AppleIdMissing email={email} />}
      {error && !appleIdMissing && (
        <ErrorState
          title={t('profile.download.failed')}
          error={error}
          onRetry={start}
          next={button}
          className="profile-download__result"
        />
      )}
    </div>
  )
}
