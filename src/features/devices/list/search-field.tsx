import { memo } from 'react'

/**
 * The list's search box. Memoized: React sets an input's type and name again whenever it renders
 * it, and a keystroke renders the screen twice more after its own paint (the deferred render that
 * writes the address, and the address itself), which would change the page each time.
 */
export const SearchField = memo(function SearchField({
  id,
  label,
  value,
  onChange,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
}) {
  return (
    <div className="field device-search">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={value}
        autoComplete="off"
        aria-describedby={`${id}-count`}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
})
