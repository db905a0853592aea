import { memo, useId, useRef, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/button'
import { Glyph } from '@/components/icons'
import { activeFilterCount, isRangeReversed, type DateParam, type ListParams } from './list-params'
import { LiveNews } from '@/components/live'
import { useOneChoice } from '@/lib/use-one-choice'

type FlagName = 'managed' | 'wiped'

function FlagSelect({
  name,
  value,
  onChange,
}: {
  name: FlagName
  value: boolean | null
  onChange: (value: boolean | null, push: boolean) => void
}) {
  const { t } = useTranslation('devices')
  const id = useId()
  const choice = useOneChoice()
  const labels = {
    managed: {
      label: t('filters.managed'),
      yes: t('filters.managedYes'),
      no: t('filters.managedNo'),
    },
    wiped: { label: t('filters.wiped'), yes: t('filters.wipedYes'), no: t('filters.wipedNo') },
  }[name]
  return (
    <div className="field">
      <label htmlFor={id}>{labels.label}</label>
      <select
        id={id}
        value={value === null ? '' : String(value)}
        {...choice.props}
        onChange={(event) =>
          onChange(event.target.value === '' ? null : event.target.value === 'true', choice.first())
        }
      >
        <option value="">{t('filters.all')}</option>
        <option value="true">{labels.yes}</option>
        <option value="false">{labels.no}</option>
      </select>
    </div>
  )
}

function DateRange({
  legend,
  range,
  from,
  to,
  values,
  onChange,
}: {
  legend: string
  /** The range in a few words, for each field's own name ("From (last contact)"). */
  range: string
  from: DateParam
  to: DateParam
  values: ListParams
  onChange: (name: DateParam, value: string, push: boolean) => void
}) {
  const { t } = useTranslation('devices')
  const id = useId()
  const choice = useOneChoice()
  const reversed = isRangeReversed(values[from], values[to])
  const input = (name: DateParam) => (event: ChangeEvent<HTMLInputElement>) =>
    onChange(name, event.target.value, choice.first())
  return (
    <fieldset
      className={reversed ? 'field date-range field--invalid' : 'field date-range'}
      aria-describedby={reversed ? `${id}-error` : undefined}
    >
      <legend>{legend}</legend>
      <div className="date-range__inputs">
        <label htmlFor={`${id}-from`}>{t('filters.from')}</label>
        <input
          id={`${id}-from`}
          type="date"
          value={values[from]}
          {...choice.props}
          max={values[to] || undefined}
          // A list of the page's fields names each by itself, without the legend: the name says
          // the range too, after the word it shows.
          aria-label={t('filters.fromIn', { range })}
          aria-invalid={reversed || undefined}
          aria-describedby={`${id}-hint`}
          onChange={input(from)}
        />
        <label htmlFor={`${id}-to`}>{t('filters.to')}</label>
        <input
          id={`${id}-to`}
          type="date"
          value={values[to]}
          {...choice.props}
          min={values[from] || undefined}
          aria-label={t('filters.toIn', { range })}
          aria-invalid={reversed || undefined}
          aria-describedby={`${id}-hint`}
          onChange={input(to)}
        />
      </div>
      {/* WebKit draws today's date, greyed, in an empty date field: said here to filter nothing. */}
      <p id={`${id}-hint`} className="field__hint">
        {t('filters.emptyDate')}
      </p>
      {reversed && (
        <LiveNews role="alert" className="field__error" id={`${id}-error`}>
          {t('filters.reversed')}
        </LiveNews>
      )}
    </fieldset>
  )
}

/**
 * The service's list filters; each change becomes a new address (the back button undoes it).
 * Memoized: React sets an input's type and name again whenever it renders it, so drawing the
 * filters again for each keystroke's deferred render and address would change the page twice more.
 */
export const DeviceFilters = memo(function DeviceFilters({
  params,
  onChange,
  onClear,
}: {
  params: ListParams
  /** `push`: a new choice (a new history entry), not one the arrow keys go on with. */
  onChange: (next: Partial<ListParams>, push: boolean) => void
  /** Clears the filters only, as the button says: the search beside them stays. */
  onClear: () => void
}) {
  const { t } = useTranslation('devices')
  const count = activeFilterCount(params)
  // A range the list ignores (its start after its end) is not counted, yet is there to mend or clear.
  const dates = [params.contactFrom, params.contactTo, params.locatedFrom, params.locatedTo]
  const set = count > 0 || dates.some(Boolean)
  const [open, setOpen] = useState(set)
  const summaryRef = useRef<HTMLElement>(null)
  return (
    <details
      className="device-filters"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary ref={summaryRef}>
        <Glyph name="chevron" className="disclosure" />
        {t('filters.title')}
        {count > 0 && <span className="badge badge--info">{t('filters.active', { count })}</span>}
      </summary>
      <div className="device-filters__grid">
        <FlagSelect
          name="managed"
          value={params.managed}
          onChange={(managed, push) => onChange({ managed }, push)}
        />
        <FlagSelect
          name="wiped"
          value={params.wiped}
          onChange={(wiped, push) => onChange({ wiped }, push)}
        />
        <DateRange
          legend={t('filters.lastContact')}
          range={t('filters.lastContactRange')}
          from="contactFrom"
          to="contactTo"
          values={params}
          onChange={(name, value, push) => onChange({ [name]: value }, push)}
        />
        <DateRange
          legend={t('filters.location')}
          range={t('filters.locationRange')}
          from="locatedFrom"
          to="locatedTo"
          values={params}
          onChange={(name, value, push) => onChange({ [name]: value }, push)}
        />
      </div>
      {set && (
        <Button
          variant="secondary"
          onClick={() => {
            onClear()
            // The button goes with the filters: the keyboard goes on from the panel's title.
            summaryRef.current?.focus()
          }}
        >
          {t('filters.clear')}
        </Button>
      )}
    </details>
  )
})
