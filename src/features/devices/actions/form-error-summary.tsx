import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'

/**
 * Shows that the form needs fixing; each field says what, next to itself. Not a live region: the
 * submit moves the focus to the first field to fix, which is read with its error, and an alert
 * besides would be heard over it.
 */
export function FormErrorSummary({ count }: { count: number }) {
  const { t } = useTranslation('devices')
  if (count === 0) return null
  return <Alert tone="error" title={t('form.summary', { count })} announced={false} />
}
