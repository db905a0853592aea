import { memo } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * The search of the users: the box, its hint, and the count below it (`${id}-count`) it names.
 * Memoized: React sets an input's type again whenever it renders it, and the deferred render and
 * the address that follow a keystroke would draw it twice more.
 */
export const UserSearch = memo(function UserSearch({
  id,
  value,
  onChange,
}: {
  id: string
  value: string
  onChange: (value: string) => void
}) {
  const { t } = useTranslation('admin')
  return (
    <div className="field admin-search">
      <label htmlFor={id}>{t('users.search')}</label>
      <p id={`${id}-hint`} className="field__hint">
        {t('users.searchHint')}
      </p>
      <input
        id={id}
        type="search"
        value={value}
        autoComplete="off"
        aria-describedby={`${id}-hint ${id}-count`}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
})
