import { useId, type Ref } from 'react'
import { useTranslation } from 'react-i18next'
import { Field } from '@/components/field'
import { SENDER_FILTERS } from '@contract/commands'
import { RECORDED_ACTIONS as ACTIONS } from '@/entities/device/history'
import { useOneChoice } from '@/lib/use-one-choice'
import type { ActivityFilters } from './activity-address'

/**
 * The activity's dates, action and sender. `push`: a change starts a new choice (a new history
 * entry where the address keeps the filters), not one the arrow keys go on with.
 */
export function ActivityFilterFields({
  filters,
  badRange,
  onChange,
  ref,
}: {
  filters: ActivityFilters
  badRange: boolean
  onChange: (next: Partial<ActivityFilters>, push: boolean) => void
  ref?: Ref<HTMLDivElement>
}) {
  const { t } = useTranslation('records')
  const actionId = useId()
  const actorId = useId()
  const dateHintId = useId()
  const choice = useOneChoice()
  const set = (next: Partial<ActivityFilters>) => onChange(next, choice.first())
  return (
    <div className="activity-filters" ref={ref}>
      {/* One group, as the device list's date ranges are: entering either field says what the
          two limit together. */}
      <fieldset className="field activity-filters__dates">
        <legend>{t('search.dates')}</legend>
        <div className="activity-filters__pair">
          <Field
            label={t('search.from')}
            // A list of the page's fields names each by itself: the name says what it limits,
            // after the word it shows.
            aria-label={t('search.fromNamed')}
            type="date"
            value={filters.from}
            {...choice.props}
            aria-describedby={dateHintId}
            onChange={(event) => set({ from: event.target.value })}
          />
          <Field
            label={t('search.to')}
            aria-label={t('search.toNamed')}
            type="date"
            value={filters.to}
            {...choice.props}
            aria-describedby={dateHintId}
            error={badRange ? t('search.toBeforeFrom') : null}
            onChange={(event) => set({ to: event.target.value })}
          />
        </div>
        {/* WebKit draws today's date, greyed, in an empty date field: said here to filter nothing. */}
        <p id={dateHintId} className="field__hint activity-filters__hint">
          {t('search.emptyDate')}
        </p>
      </fieldset>
      <div className="field">
        <label htmlFor={actionId}>{t('search.action')}</label>
        <select
          id={actionId}
          value={filters.action}
          {...choice.props}
          onChange={(event) =>
            set({ action: ACTIONS.find((action) => action === event.target.value) ?? '' })
          }
        >
          <option value="">{t('search.anyAction')}</option>
          {ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`actionName.${action}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={actorId}>{t('search.who')}</label>
        <select
          id={actorId}
          value={filters.sender}
          {...choice.props}
          onChange={(event) =>
            set({ sender: SENDER_FILTERS.find((sender) => sender === event.target.value) ?? '' })
          }
        >
          <option value="">{t('search.anyone')}</option>
          {SENDER_FILTERS.map((sender) => (
            <option key={sender} value={sender}>
              {t(`search.${sender}`)}
            </option>
          ))}
        </select>
      </div>
    </div>
  )
}
