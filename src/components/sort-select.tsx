import { memo, type ReactElement, useId } from 'react'
import { useHydrated } from '@/lib/use-hydrated'
import { readSort } from '@/lib/list-sort'
import { useOneChoice } from '@/lib/use-one-choice'

interface SortSelectProps<S extends string> {
  /** The orders offered, the default first. */
  sorts: readonly [S, ...S[]]
  /** The field's label and each order's text, already in the user's language. */
  label: string
  options: Readonly<Record<S, string>>
  value: S
  /** `push`: a new choice (a new history entry), not one the arrow keys go on with. */
  onChange: (sort: S, push: boolean) => void
  className: string
}

/** A list's order, beside its search; the count's status region says the order chosen. */
export const SortSelect = memo(function SortSelect<S extends string>({
  sorts,
  label,
  options,
  value,
  onChange,
  className,
}: SortSelectProps<S>) {
  const id = useId()
  // The server draws the list without the address's order, and React keeps a select's choice as
  // drawn when it takes the page over: the drawing's first, then the address's, as a change.
  const hydrated = useHydrated()
  const choice = useOneChoice()
  return (
    <div className={`field ${className}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={hydrated ? value : sorts[0]}
        {...choice.props}
        onChange={(event) => onChange(readSort(sorts, event.target.value), choice.first())}
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {options[sort]}
          </option>
        ))}
      </select>
    </div>
  )
}) as <S extends string>(props: SortSelectProps<S>) => ReactElement
