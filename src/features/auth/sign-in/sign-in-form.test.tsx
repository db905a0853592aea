import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ERROR_CODES } from '@contract/error-codes'
import { ApiError } from '@/lib/api/api-error'
import { changeLanguage } from '@/lib/i18n'
import { loadSubmission, type Submission } from '@/features/auth/api'
import { SignInForm } from './sign-in-form'
import { AS_EMPLOYEE, type SignInAs, type SignInValues } from './sign-in-fields'
import { signInSchema } from './sign-in-schema'

vi.mock('@/features/auth/api', () => ({ loadSubmission: vi.fn() }))

const requestSignIn = vi.fn<Submission['requestSignIn']>()

function Form() {
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' })
  return <SignInForm values={values} onChange={setValues} />
}

function FormWithSwitch() {
  const [values, setValues] = useState<SignInValues>({ email: '', password: '' })
  const [as, setAs] = useState<SignInAs>(AS_EMPLOYEE)
  return <SignInForm values={values} onChange={setValues} as={as} onAsChange={setAs} />
}

function renderForm(withSwitch = false) {
  render(<MemoryRouter>{withSwitch ? <FormWithSwitch /> : <Form />}</MemoryRouter>)
  return {
    email: screen.getByLabelText('E-mail address'),
    password: screen.getByLabelText('Password', { selector: 'input' }),
    submit: screen.getByRole('button', { name: 'Sign in' }),
  }
}

describe('the sign-in form', () => {
  beforeEach(async () => {
    await changeLanguage('en')
    vi.mocked(loadSubmission).mockResolvedValue({ signInSchema, requestSignIn })
  })
  afterEach(() => {
    requestSignIn.mockReset()
    vi.mocked(loadSubmission).mockReset()
  })

  it('fetches what it sends with only when the user starts on it', async () => {
    const { email } = renderForm()
    expect(loadSubmission).not.toHaveBeenCalled()
    await userEvent.click(email)
    expect(loadSubmission).toHaveBeenCalled()
  })

  it('checks the fields with its schema and lets the errors follow the corrections', async () => {
    const { email, submit } = renderForm()
    await userEvent.click(submit)
    expect(await screen.findByText('Enter your e-mail address.')).toBeInTheDocument()
    expect(email).toHaveFocus()
    await userEvent.type(email, 'anna@example.com')
    expect(screen.queryByText('Enter your e-mail address.')).not.toBeInTheDocument()
    expect(requestSignIn).not.toHaveBeenCalled()
  })

  it('sends once, however often it is submitted while the answer is on its way', async () => {
    let answer: () => void = () => {}
    requestSignIn.mockReturnValue(new Promise<void>((resolve) => (answer = resolve)))
    const { email, password, submit } = renderForm()
    await userEvent.type(email, 'anna@example.com')
    await userEvent.type(password, 'Demo-Pass-1')
    await userEvent.dblClick(submit)
    await userEvent.type(password, '{Enter}')
    expect(await screen.findByRole('button', { name: 'Signing in…' })).toBeInTheDocument()
    expect(requestSignIn).toHaveBeenCalledTimes(1)
    expect(requestSignIn).toHaveBeenCalledWith(
      { email: 'anna@example.com', password: 'Demo-Pass-1' },
      AS_EMPLOYEE,
    )
    answer()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled())
  })

  it('keeps what was typed and selects the password after wrong credentials', async () => {
    requestSignIn.mockRejectedValue(new ApiError('unauthorized', { status: 401 }))
    const { email, password, submit } = renderForm()
    await userEvent.type(email, 'anna@example.com')
    await userEvent.type(password, 'wrong')
    await userEvent.click(submit)
    expect(
      await screen.findByText(/e-mail address or the password is not correct/),
    ).toBeInTheDocument()
    expect(email).toHaveValue('anna@example.com')
    expect(password).toHaveValue('wrong')
    expect(password).toHaveFocus()
  })

  it('drops the refusal of an employee sign-in once the user switches to an administrator one, and keeps the typing', async () => {
    requestSignIn.mockRejectedValue(new ApiError('unauthorized', { status: 401 }))
    const { email, password, submit } = renderForm(true)
    await userEvent.type(email, 'admin@example.com')
    await userEvent.type(password, 'Admin-Demo-1')
    await userEvent.click(submit)
    const refusal = /e-mail address or the password is not correct/
    expect(await screen.findByText(refusal)).toBeInTheDocument()
    // It said the employee account's password is wrong: not true of the one now asked for.
    await userEvent.click(screen.getByRole('switch', { name: 'Sign in as administrator' }))
    expect(screen.queryByText(refusal)).not.toBeInTheDocument()
    expect(email).toHaveValue('admin@example.com')
    expect(password).toHaveValue('Admin-Demo-1')
  })

  it('tells the owner of a locked account who can unlock it, in their language', async () => {
    // api-facts: "A user's account is locked after 5 wrong passwords within an hour; an
    // administrator unlocks it." Waiting does not help, so the text does not suggest it.
    requestSignIn.mockRejectedValue(
      new ApiError('api', { status: 200, code: ERROR_CODES.accountLocked }),
    )
    const { email, password, submit } = renderForm()
    await userEvent.type(email, 'anna@example.com')
    await userEvent.type(password, 'Demo-Pass-1')
    await userEvent.click(submit)
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account is locked after too many failed sign-in attempts. Ask your IT help desk to unlock it.',
    )
    expect(email).toHaveValue('anna@example.com')
    expect(password).toHaveValue('Demo-Pass-1')
    await changeLanguage('de')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bitten Sie Ihren IT-Helpdesk, es zu entsperren.',
    )
  })

  it('says the connection failed when its code cannot be fetched, and keeps the typing', async () => {
    vi.mocked(loadSubmission).mockRejectedValue(new TypeError('Failed to fetch module'))
    const { email, password, submit } = renderForm()
    await userEvent.type(email, 'anna@example.com')
    await userEvent.type(password, 'Demo-Pass-1')
    await userEvent.click(submit)
    expect(await screen.findByText(/cannot be reached/)).toBeInTheDocument()
    expect(email).toHaveValue('anna@example.com')
    expect(password).toHaveValue('Demo-Pass-1')
  })

  it('signs an administrator in with the tenant, and says at the tenant field when one is needed', async () => {
    requestSignIn.mockRejectedValueOnce(new ApiError('api', { status: 200, code: '03100009' }))
    const { email, password, submit } = renderForm(true)
    expect(screen.queryByLabelText('Tenant ID')).not.toBeInTheDocument()
    await userEvent.click(screen.getByRole('switch', { name: 'Sign in as administrator' }))
    await userEvent.type(email, 'ops@example.com')
    await userEvent.type(password, 'Ops-Demo-1')
    await userEvent.click(submit)
    const tenant = await screen.findByLabelText('Tenant ID')
    expect(tenant).toHaveFocus()
    expect(tenant).toHaveAccessibleDescription(/enter the tenant ID/)
    expect(requestSignIn).toHaveBeenLastCalledWith(
      { email: 'ops@example.com', password: 'Ops-Demo-1' },
      { admin: true, tenant: '' },
    )
    await userEvent.type(tenant, 'lab')
    await userEvent.click(submit)
    expect(requestSignIn).toHaveBeenLastCalledWith(
      { email: 'ops@example.com', password: 'Ops-Demo-1' },
      { admin: true, tenant: 'lab' },
    )
  })
})
