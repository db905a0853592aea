import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Screen } from '@/components/screen'
import { paths } from '@/lib/paths'

/**
 * A reset or invitation link that is unknown, used or expired, and the way to a fresh one.
 * `replacesForm`: shown in place of the form (the link's check or the save found it dead), so
 * the focus that was in the form, and fell to the document with it, comes here and it is read
 * out; a focus elsewhere on the page stays where it is.
 */
export function InvalidLink({ replacesForm = false }: { replacesForm?: boolean }) {
  const { t } = useTranslation('password')
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body
    if (replacesForm && lost) ref.current?.focus()
  }, [replacesForm])
  return (
    <div ref={ref} tabIndex={-1} className="focus-target">
      <Screen title={t('invalid.title')}>
        <p>{t('invalid.body')}</p>
        <div className="button-row">
          <Link className="button button--primary" to={paths.forgotPassword()}>
            {t('invalid.requestNew')}
          </Link>
          <Link to={paths.login()}>{t('backToSignIn')}</Link>
        </div>
      </Screen>
    </div>
  )
}
