import { useId, type ReactNode, type Ref } from 'react'

interface ChoiceOption<V extends string> {
  value: V
  label: string
  hint?: string
  badge?: ReactNode
}

/**
 * A set of radio buttons shown as cards, with a legend, an error tied to the group, and the
 * first option reachable through `firstRef` for moving focus to it on an invalid submit.
 */
export function ChoiceGroup<V extends string>({
  name,
  legend,
  options,
  value,
  onChange,
  error,
  firstRef,
  compact = false,
}: {
  name: string
  legend: string
  options: ChoiceOption<V>[]
  value: V | null
  onChange: (value: V) => void
  error?: string | null
  firstRef?: Ref<HTMLInputElement>
  compact?: boolean
}) {
  const id = useId()
  const errorId = `${id}-error`
  return (
    <fieldset
      className={['choice', compact ? 'choice--compact' : null, error ? 'choice--invalid' : null]
        .filter(Boolean)
        .join(' ')}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="choice__legend">{legend}</legend>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      <div className="choice__options">
        {options.map((option, index) => {
          const hintId = `${id}-${option.value}-hint`
          const labelId = `${id}-${option.value}-label`
          return (
            <label key={option.value} className="choice__option">
              <input
                ref={index === 0 ? firstRef : undefined}
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                // Named by the label alone: the hint is its description, not read twice.
                aria-labelledby={labelId}
                aria-describedby={
                  [option.hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') ||
                  undefined
                }
              />
              <span className="choice__text">
                <span id={labelId} className="choice__label">
                  {option.label}
                  {option.badge}
                </span>
                {option.hint && (
                  <span id={hintId} className="choice__hint">
                    {option.hint}
                  </span>
                )}
              </span>
            </label>
          )
        })}
      </div>
    </fieldset>
  )
}
