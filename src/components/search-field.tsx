import { memo } from 'react'

/**
 * A list's search box: its label, a hint under the label (`${id}-hint`), and the box, described
 * by the hint and by the list's count (the status region `${id}-count`, which every list draws).
 * Every list searches names (of devices, people, apps), which a spelling checker would underline
 * and offer to "correct": the box never checks spelling. Memoized: React sets an input's type and
 * name again whenever it renders it, and a keystroke renders the screen twice more after its own
 * paint (the deferred render that writes the address, and the address itself), which would change
 * the page each time; a stable `onChange` keeps it as it is.
 */
export const SearchField = memo(function SearchField({
  id,
  label,
  hint,
  value,
  onChange,
  className,
}: {
  id: string
  label: string
  hint?: string
  value: string
  onChange: (value: string) => void
  /** Beside `field`, for the list's width and spacing of its box. */
  className?: string
}) {
  const describedBy = hint ? `${id}-hint ${id}-count` : `${id}-count`
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        type="search"
        value={value}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  )
})
