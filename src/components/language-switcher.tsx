import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { changeLanguage, currentLanguage, LANGUAGES, type Language } from '@/lib/i18n'

const labelClass = {
  never: 'language-switcher__label',
  // Where a heading already names the switch.
  always: 'language-switcher__label visually-hidden',
  // On a phone the header keeps brand and language on one line; the options name the languages.
  onPhone: 'language-switcher__label visually-hidden-narrow',
} as const

/** Switches the UI language (and with it the language of the service's messages). */
export function LanguageSwitcher({
  className,
  labelHidden = 'never',
}: {
  className?: string
  /** When the label is out of sight; screen readers always read it. */
  labelHidden?: keyof typeof labelClass
}) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <div className={['language-switcher', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={labelClass[labelHidden]}>
        {t('language.label')}
      </label>
      <select
        id={id}
        value={currentLanguage()}
        onChange={(event) => void changeLanguage(event.target.value as Language)}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {t(`language.${language}`)}
          </option>
        ))}
      </select>
    </div>
  )
}
