import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Field } from './field'
import { useForm } from '@/lib/use-form'
import { z } from '@contract/zod'

const FIELDS = ['name', 'code'] as const
const MESSAGES = ['required', 'digits'] as const
const schema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'required')),
  code: z.string().check(z.regex(/^\d+$/, 'digits')),
})

function Form({ onValid }: { onValid: (data: { name: string; code: string }) => void }) {
  const { formRef, field, message, reset, submit } = useForm({
    schema,
    fields: FIELDS,
    messages: MESSAGES,
    initial: { name: '', code: '' },
    describe: (key) => `error: ${key}`,
  })
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit(onValid)
      }}
    >
      <Field label="Name" {...field('name')} />
      <Field label="Code" {...field('code')} />
      <p>{message('code') ?? 'the code is fine'}</p>
      <button type="button" onClick={reset}>
        Reset
      </button>
      <button type="submit">Send</button>
    </form>
  )
}

describe('useForm', () => {
  it('sends nothing while invalid, names each error and moves focus to the first', async () => {
    const onValid = vi.fn()
    render(<Form onValid={onValid} />)
    await userEvent.type(screen.getByLabelText('Code'), 'x')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(onValid).not.toHaveBeenCalled()
    expect(screen.getByText('error: required')).toBeInTheDocument()
    expect(screen.getAllByText('error: digits')).toHaveLength(2)
    expect(screen.getByLabelText('Name')).toHaveFocus()
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('error: required')
    // What was typed stays.
    expect(screen.getByLabelText('Code')).toHaveValue('x')
  })

  it('lets errors follow corrections, adds none before the next submit, and sends the parsed values', async () => {
    const onValid = vi.fn()
    render(<Form onValid={onValid} />)
    fireEvent.submit(screen.getByRole('button', { name: 'Send' }))
    await userEvent.type(screen.getByLabelText('Name'), '  Anna ')
    expect(screen.queryByText('error: required')).not.toBeInTheDocument()
    await userEvent.type(screen.getByLabelText('Code'), 'x')
    // The code had an error from the submit; it follows what is typed.
    expect(screen.getAllByText('error: digits')).toHaveLength(2)
    await userEvent.clear(screen.getByLabelText('Code'))
    await userEvent.type(screen.getByLabelText('Code'), '42')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    expect(onValid).toHaveBeenCalledExactlyOnceWith({ name: 'Anna', code: '42' })
  })

  it('forgets values and errors on reset', async () => {
    render(<Form onValid={vi.fn()} />)
    await userEvent.type(screen.getByLabelText('Code'), 'x')
    await userEvent.click(screen.getByRole('button', { name: 'Send' }))
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }))
    expect(screen.getByLabelText('Code')).toHaveValue('')
    expect(screen.queryByText(/^error:/)).not.toBeInTheDocument()
  })
})
