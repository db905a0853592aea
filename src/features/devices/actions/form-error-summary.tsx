import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'

/** Announces that the form needs fixing; each field says what, next to itself. */
export function FormErrorSummary({ count }: { count: number }) {
  const { t } = useTranslation('devices')
  if (count === 0) return null
  return <Alert tone="error" title={t('form.summary', { count })} />
}
