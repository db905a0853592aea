import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { changeLanguage } from '@/lib/i18n'
import { PasswordMatch } from './password-checks'

describe('what the confirmation of a new password says', () => {
  afterEach(async () => {
    cleanup()
    await changeLanguage('en')
  })

  it('never says the passwords match, as if all were done, while the password breaks a rule', async () => {
    render(<PasswordMatch password="abc" repeated="abc" />)
    const said = screen.getByText(/Confirmed, but/)
    expect(said).toHaveTextContent(
      'Confirmed, but the new password does not meet the rules above yet.',
    )
    expect(screen.queryByText(/the passwords match/)).not.toBeInTheDocument()
    // Not drawn as met: no filled tick in the success colour.
    expect(said).not.toHaveClass('password-match--match')
    cleanup()
    await changeLanguage('de')
    render(<PasswordMatch password="abc" repeated="abc" />)
    expect(
      screen.getByText('Bestätigt, aber das neue Passwort erfüllt die Regeln oben noch nicht.'),
    ).not.toHaveClass('password-match--match')
  })

  it('says they match once the password meets its rules, and that they differ while they do', () => {
    const { rerender } = render(<PasswordMatch password="Fresh-Start-7" repeated="Fresh-Start-7" />)
    expect(screen.getByText('Confirmed: the passwords match.')).toHaveClass('password-match--match')
    rerender(<PasswordMatch password="Fresh-Start-7" repeated="Fresh-Start" />)
    expect(screen.getByText('Not confirmed yet: the passwords do not match.')).toBeInTheDocument()
    rerender(<PasswordMatch password="Fresh-Start-7" repeated="" />)
    expect(screen.queryByText(/match/)).not.toBeInTheDocument()
  })
})
