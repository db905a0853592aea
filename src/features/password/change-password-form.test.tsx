import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/lib/i18n'
import { session } from '@/lib/session'
import { ChangePasswordForm } from './change-password-form'

const envelope = { success: true, errorcode: null, errormessage: null, tokenstatus: null }

/** The live regions an element is in, itself included: each one may announce its words. */
function liveRegionsAround(element: Element): Element[] {
  const regions: Element[] = []
  for (let at: Element | null = element; at; at = at.parentElement) {
    const live = at.getAttribute('aria-live')
    const role = at.getAttribute('role')
    if ((live && live !== 'off') || role === 'status' || role === 'alert' || role === 'log') {
      regions.push(at)
    }
  }
  return regions
}

describe('changing the password on the account page', () => {
  beforeEach(() => {
    session.start('token-1')
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(envelope)),
    )
  })
  afterEach(() => {
    cleanup()
    session.expire()
    vi.unstubAllGlobals()
  })

  // A region inside another is announced by both: the confirmation would be heard twice.
  it('announces the confirmation from one live region alone', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ChangePasswordForm />
      </QueryClientProvider>,
    )
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } })
    type('Current password', 'Demo-Pass-1')
    type('New password', 'Better-Pass-3')
    type('Confirm password', 'Better-Pass-3')
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }))
    const words = await screen.findByText(/^Your password has been changed\./, undefined, {
      timeout: 2000,
    })
    expect(liveRegionsAround(words)).toHaveLength(1)
  })

  // Three buttons all called "Show password" leave a screen reader user guessing which field each
  // one reveals; each names its own field, and says so again once it hides it.
  it.each([
    ['en', ['Show current password', 'Show new password', 'Show password confirmation']],
    [
      'de',
      ['Aktuelles Passwort anzeigen', 'Neues Passwort anzeigen', 'Passwortbestätigung anzeigen'],
    ],
  ])('names the field each show switch reveals (%s)', async (language, names) => {
    await changeLanguage(language as 'en' | 'de')
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ChangePasswordForm />
      </QueryClientProvider>,
    )
    const switches = screen.getAllByRole('button', { pressed: false })
    expect(switches.map((button) => button.getAttribute('aria-label'))).toEqual(names)
    fireEvent.click(switches[1]!)
    expect(screen.getByRole('button', { pressed: true })).toHaveAccessibleName(
      language === 'en' ? 'Hide new password' : 'Neues Passwort verbergen',
    )
    cleanup()
    await changeLanguage('en')
  })
})
