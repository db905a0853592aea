import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Page } from '../../components/page'
import { paths } from '../../lib/paths'

export function Component() {
  const { t } = useTranslation()
  return (
    <Page title={t('notFound.title')} narrow>
      <p>{t('notFound.body')}</p>
      <p>
        <Link to={paths.devices()}>{t('notFound.home')}</Link>
      </p>
    </Page>
  )
}
