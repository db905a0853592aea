import { currentLanguage, i18n } from './i18n'

/** Formatting through Intl in the current language. */

/**
 * Intl formatters are costly to build (a list of 500 devices formats thousands of values), so
 * one is built per language and option set, and kept.
 */
const numberFormats = new Map<string, Intl.NumberFormat>()
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>()
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

function numberFormat(options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const language = currentLanguage()
  const key = `${language}:${JSON.stringify(options)}`
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(language, options)
    numberFormats.set(key, format)
  }
  return format
}

function relativeFormat(): Intl.RelativeTimeFormat {
  const language = currentLanguage()
  let format = relativeFormats.get(language)
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' })
    relativeFormats.set(language, format)
  }
  return format
}

export function formatDateTime(date: Date): string {
  const language = currentLanguage()
  let format = dateTimeFormats.get(language)
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' })
    dateTimeFormats.set(language, format)
  }
  return format.format(date)
}

const dateFormats = new Map<string, Intl.DateTimeFormat>()

/** "24 Oct 2026" / "24.10.2026": a day, without the time. */
export function formatDate(date: Date): string {
  const language = currentLanguage()
  let format = dateFormats.get(language)
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium' })
    dateFormats.set(language, format)
  }
  return format.format(date)
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
  ['second', 1000],
]

/**
 * "3 minutes ago" / "vor 3 Minuten". Under half a second is "just now" / "gerade eben": Intl's
 * "now" / "jetzt" does not read in the sentences that carry it ("sent now", "hatte jetzt Kontakt").
 */
export function formatRelative(date: Date, now: number = Date.now()): string {
  const diff = date.getTime() - now
  const format = relativeFormat()
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms || unit === 'second') {
      const value = Math.round(diff / ms)
      return value === 0 ? i18n.t('common:time.justNow') : format.format(value, unit)
    }
  }
  return i18n.t('common:time.justNow')
}

/**
 * "3 minutes ago", never "in 1 second": the page's clock ticks every 30 seconds and the
 * service's clock may run ahead, so a time just reported is at most "now".
 */
export function formatAgo(date: Date, now: number): string {
  return formatRelative(date, Math.max(now, date.getTime()))
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return numberFormat(options).format(value)
}

export function formatPercent(value: number): string {
  return formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 0 })
}

const listFormats = new Map<string, Intl.ListFormat>()

/**
 * "1 minute and 5 seconds" / "1 Minute und 5 Sekunden": a span in whole minutes and seconds,
 * each named only when it is not zero (seconds alone when both are).
 */
export function formatMinutesSeconds({ minutes, seconds }: { minutes: number; seconds: number }) {
  const language = currentLanguage()
  let list = listFormats.get(language)
  if (!list) {
    list = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' })
    listFormats.set(language, list)
  }
  const unit = (value: number, name: 'minute' | 'second') =>
    formatNumber(value, { style: 'unit', unit: name, unitDisplay: 'long' })
  const parts = [
    ...(minutes > 0 ? [unit(minutes, 'minute')] : []),
    ...(seconds > 0 || minutes === 0 ? [unit(seconds, 'second')] : []),
  ]
  return list.format(parts)
}
