import { useRef, useState } from 'react'
// Types only, as in ./form.ts: a form's schema comes with the form.
// Apart from ./form.ts: the sign-in form, in the first script every page loads, uses its parts
// alone, and this module comes with the forms after sign-in.
import type { z } from '@contract/zod'
import { fieldProps, useFieldErrors } from './form'

/**
 * The one form engine: what the user typed (kept when sending fails), the field errors of the
 * last submit (following the user's corrections while typing), focus moved to the first field
 * that needs fixing, and each field's props in one call. The `<form>` gets `formRef`; the schema
 * turns the typed strings into what is sent, its messages are i18n keys that `describe`
 * translates.
 */
export function useForm<F extends string, V extends Record<F, string>, Out, M extends string>({
  schema,
  fields,
  messages,
  initial,
  restore,
  describe,
}: {
  schema: z.ZodMiniType<Out, V>
  fields: readonly F[]
  messages: readonly M[]
  initial: V
  /** Values to start with instead (a draft kept over an expired session); a reset forgets them. */
  restore?: (initial: V) => V
  describe: (message: M) => string
}) {
  const formRef = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState(() => (restore ? restore(initial) : initial))
  const { errors, validate, follow, clear } = useFieldErrors(fields, messages)

  const setValue = (field: F, value: string) => {
    const next = { ...values, [field]: value }
    setValues(next)
    follow(schema, next)
  }

  return {
    formRef,
    values,
    errors,
    setValue,
    /** The translated error of a field, or null. */
    message: (field: F) => {
      const key = errors[field]
      return key ? describe(key) : null
    },
    /** Props for a Field: its name (for focus), value, change handler and translated error. */
    field: (field: F) => {
      const key = errors[field]
      return fieldProps(field, values[field], key && describe(key), (value) =>
        setValue(field, value),
      )
    },
    /** Checks the form and hands what is to be sent on only when it is valid. */
    submit: (onValid: (data: Out) => void, onInvalid?: () => void) => {
      const data = validate(schema, values, formRef.current)
      if (data !== null) onValid(data)
      else onInvalid?.()
    },
    reset: () => {
      setValues(initial)
      clear()
    },
  }
}
