import { useState, type ChangeEvent } from 'react'
import { flushSync } from 'react-dom'
// Types only: a form's schema comes with the form, so pages that load their schema later
// (the sign-in page) carry no schema library up front.
import type { z } from '@contract/zod'

type Schema = z.ZodMiniType

/** The first message of each field of a form, as one of the form's known i18n keys. */
type FieldErrors<F extends string, M extends string> = Partial<Record<F, M>>

/**
 * Turns a failed `safeParse` of a form into one message per field. The schema's messages are
 * i18n keys; `messages` lists them so that each one is a known key (translated at render time).
 */
export function fieldErrors<F extends string, M extends string>(
  error: z.core.$ZodError,
  fields: readonly F[],
  messages: readonly M[],
): FieldErrors<F, M> {
  const result: FieldErrors<F, M> = {}
  for (const issue of error.issues) {
    const field = fields.find((name) => name === issue.path[0])
    const message = messages.find((key) => key === issue.message)
    if (field && message && !result[field]) result[field] = message
  }
  return result
}

/** What a Field takes from its form: its name (for focus), value, change handler and error. */
export interface FormFieldProps<F extends string = string> {
  name: F
  value: string
  /** Already translated, or null. */
  error: string | null
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
}

/** A Field's props from its form's value, translated error and setter. */
export function fieldProps<F extends string>(
  name: F,
  value: string,
  error: string | null | undefined,
  onValue: (value: string) => void,
): FormFieldProps<F> {
  return { name, value, error: error ?? null, onChange: (event) => onValue(event.target.value) }
}

/**
 * Moves focus to the first field (in the form's order) that has an error, so keyboard and
 * screen-reader users land where the fix is needed. Fields are found by their `name`.
 */
function focusFirstInvalid<F extends string>(
  form: HTMLFormElement | null,
  fields: readonly F[],
  errors: Partial<Record<F, unknown>>,
): void {
  const first = fields.find((field) => errors[field])
  if (!form || !first) return
  const element = form.elements.namedItem(first)
  if (element instanceof HTMLElement) element.focus()
}

/**
 * The field errors of one form. `validate` checks everything against the form's schema on
 * submit, shows the errors and moves focus to the first; afterwards `follow` lets the errors
 * follow the user's corrections while typing (a fixed field loses its error; none are added
 * before the next submit).
 */
export function useFieldErrors<F extends string, M extends string>(
  fields: readonly F[],
  messages: readonly M[],
) {
  const [errors, setErrors] = useState<FieldErrors<F, M>>({})

  function check<S extends Schema>(schema: S, values: z.input<S>) {
    const result = schema.safeParse(values)
    const found: FieldErrors<F, M> = result.success
      ? {}
      : fieldErrors(result.error, fields, messages)
    return { result, found }
  }

  return {
    errors,
    validate<S extends Schema>(
      schema: S,
      values: z.input<S>,
      form: HTMLFormElement | null,
    ): z.output<S> | null {
      const { result, found: next } = check(schema, values)
      // Rendered at once, so focus lands on a field that already says what is wrong.
      flushSync(() => setErrors(next))
      if (result.success) return result.data
      focusFirstInvalid(form, fields, next)
      return null
    },
    follow<S extends Schema>(schema: S, values: z.input<S>) {
      if (!fields.some((field) => errors[field])) return
      const next = check(schema, values).found
      const remaining: FieldErrors<F, M> = {}
      for (const field of fields) {
        if (errors[field] && next[field]) remaining[field] = next[field]
      }
      setErrors(remaining)
    },
    clear: () => setErrors({}),
  }
}
