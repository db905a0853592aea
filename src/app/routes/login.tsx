import { useTranslation } from 'react-i18next'
import { Page } from '../../components/page'

export function Component() {
  const { t } = useTranslation('common')
  return <Page title={t('product.name')} />
}
