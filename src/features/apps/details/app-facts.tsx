import { Fragment, useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { App } from '@contract/schemas'
import { useAppLabels } from '@/features/apps/use-app-labels'

/** What the app is, independent of any device; never the service's internal app id. */
export function AppFacts({ app }: { app: App }) {
  const { t } = useTranslation('apps')
  const labels = useAppLabels()
  const headingId = useId()
  const facts: [string, string][] = [
    [t('facts.platform'), labels.platform(app)],
    [t('facts.type'), labels.type(app)],
    [t('facts.devicetype'), labels.deviceType(app)],
    [
      t('facts.requirement'),
      app.mandatory ? t('requirement.mandatory') : t('requirement.optional'),
    ],
    [t('facts.managed'), app.managed ? t('managed.yes') : t('managed.no')],
  ]
  return (
    <section className="card app-details__facts" aria-labelledby={headingId}>
      <h2 id={headingId} className="app-details__title">
        {t('facts.title')}
      </h2>
      <dl className="facts">
        {facts
          .filter(([, value]) => value !== '')
          .map(([term, value]) => (
            <Fragment key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
      </dl>
    </section>
  )
}
