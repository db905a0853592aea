import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { changeLanguage, currentLanguage, LANGUAGES, type Language } from '../lib/i18n'

/** Switches the UI language (and with it the language of the service's messages). */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation()
  const id = useId()
  return (
    <div className={['language-switcher', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="language-switcher__label">
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
