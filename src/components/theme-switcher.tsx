import { useEffect, useId } from 'react'
import { useTranslation } from 'react-i18next'
import {
  applyUserTheme,
  setThemeChoice,
  THEME_CHOICES,
  useThemeChoice,
  type ThemeChoice,
} from '@/lib/theme'

const OPTION_KEYS = {
  system: 'theme.system',
  light: 'theme.light',
  dark: 'theme.dark',
} as const satisfies Record<ThemeChoice, string>

/** System, light or dark; `user` (an id) keeps the choice per user. */
export function ThemeSwitcher({ user, className }: { user?: string; className?: string }) {
  const { t } = useTranslation()
  const id = useId()
  const choice = useThemeChoice()

  useEffect(() => {
    if (user) applyUserTheme(user)
  }, [user])

  return (
    <div className={['language-switcher', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="language-switcher__label">
        {t('theme.label')}
      </label>
      <select
        id={id}
        value={choice}
        onChange={(event) => {
          const next = THEME_CHOICES.find((value) => value === event.target.value)
          if (next) setThemeChoice(next, user)
        }}
      >
        {THEME_CHOICES.map((value) => (
          <option key={value} value={value}>
            {t(OPTION_KEYS[value])}
          </option>
        ))}
      </select>
    </div>
  )
}
