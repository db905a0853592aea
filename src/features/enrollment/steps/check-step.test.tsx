import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useRef, useState } from 'react'
import { MemoryRouter } from 'react-router'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { User } from '@contract/schemas'
import { changeLanguage } from '@/lib/i18n'
import { CheckStep } from './check-step'

const BEN: User = {
  sid: 'S-1-5-21-1002',
  email: 'ben@example.com',
  displayname: 'Ben Keller',
  managedappleid: null,
}

/** The wizard's part: the user record, read again on "Check again", with the Apple ID added. */
function Wizard() {
  const [user, setUser] = useState<User>(BEN)
  const heading = useRef<HTMLHeadingElement>(null)
  return (
    <CheckStep
      platform="ios"
      owner="personal"
      user={user}
      headingRef={heading}
      change={{ to: { search: '?step=device' }, replace: true, onClick: () => undefined }}
      onBack={() => {}}
      onContinue={() => {}}
      onRecheck={async () => {
        setUser({ ...BEN, managedappleid: 'ben.keller@appleid.example.com' })
        return true
      }}
    />
  )
}

describe('the check of a personal iPhone', () => {
  beforeEach(() => changeLanguage('en'))

  it('once the managed Apple ID is found, the focus goes from the leaving button to the step', async () => {
    render(
      <MemoryRouter>
        <Wizard />
      </MemoryRouter>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }))
    expect(
      await screen.findByText(/Your managed Apple ID: ben.keller@appleid.example.com/),
    ).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Before you start' })).toHaveFocus()
  })
})

// "Change" alone, read from a list of links or reached with Tab, does not say what it changes.
describe('the way back to the choices', () => {
  afterEach(async () => {
    cleanup()
    await changeLanguage('en')
  })

  it.each([
    ['en', 'Change the kind of device or its owner'],
    ['de', 'Art oder Besitzer des Geräts ändern'],
  ] as const)('says what it changes (%s)', async (language, name) => {
    await changeLanguage(language)
    render(
      <MemoryRouter>
        <Wizard />
      </MemoryRouter>,
    )
    expect(screen.getByRole('link', { name })).toHaveAttribute('href', '/?step=device')
  })
})
