import { useEffect, useId, useState, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { z } from '../../../../contract/zod'
import { fieldErrors, type FieldErrors } from '../../../lib/form'
import { FORM_MESSAGES, LIMITS, type FormMessage } from './action-forms'

/**
 * The state of one action form: what the user typed (kept when sending fails), the errors of
 * the last check (re-checked while typing once the user tried to send), and focus moved to the
 * first field that needs fixing.
 */
export function useActionForm<F extends string, V extends Record<F, string>, Out>(
  schema: z.core.$ZodType<Out, V>,
  fields: readonly F[],
  initial: V,
  messageValues: Record<string, string | number> = {},
  /** Values to start with instead (a draft kept over an expired session); a reset forgets them. */
  restore?: (initial: V) => V,
) {
  const { t } = useTranslation('devices')
  const [values, setValues] = useState(() => (restore ? restore(initial) : initial))
  const [errors, setErrors] = useState<FieldErrors<F, FormMessage>>({})
  const [checked, setChecked] = useState(false)
  const [focusTarget, setFocusTarget] = useState<{ field: F; attempt: number } | null>(null)
  // The fields' container is found by id: ConfirmDialog owns the <form> itself.
  const containerId = useId()

  useEffect(() => {
    if (!focusTarget) return
    const form = document.getElementById(containerId)?.closest('form')
    const element = form?.elements.namedItem(focusTarget.field)
    if (element instanceof HTMLElement) element.focus()
  }, [focusTarget, containerId])

  const check = (next: V) => {
    const result = z.safeParse(schema, next)
    return result.success ? {} : fieldErrors(result.error, fields, FORM_MESSAGES)
  }

  const setValue = (field: F, value: string) => {
    const next = { ...values, [field]: value }
    setValues(next)
    if (checked) setErrors(check(next))
  }

  const message = (field: F) => {
    const key = errors[field]
    return key ? t(key, { min: LIMITS.passcodeMin, ...messageValues }) : null
  }

  return {
    values,
    errors,
    containerId,
    message,
    setValue,
    /** Props for a Field: its name (for focus), value, change handler and translated error. */
    field: (field: F) => ({
      name: field,
      value: values[field],
      error: message(field),
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(field, event.target.value),
    }),
    /** Checks the form and hands the request body on only when it is valid. */
    submit: (onValid: (body: Out) => void) => {
      setChecked(true)
      const result = z.safeParse(schema, values)
      if (result.success) {
        setErrors({})
        onValid(result.data)
        return
      }
      const next = fieldErrors(result.error, fields, FORM_MESSAGES)
      setErrors(next)
      const first = fields.find((field) => next[field])
      if (first)
        setFocusTarget((current) => ({ field: first, attempt: (current?.attempt ?? 0) + 1 }))
    },
    reset: () => {
      setValues(initial)
      setErrors({})
      setChecked(false)
      setFocusTarget(null)
    },
  }
}
