import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { InvitedNotice } from './invited-notice'

// A live region speaks all of its text: the way to the new user's page would be read out with
// the news ("Kim Lee was added and the invitation e-mail is on its way. Open Kim Lee").
describe('the notice of a user invited', () => {
  it('says the news alone, with the way to the user beside it', () => {
    render(
      <MemoryRouter>
        <InvitedNotice invited={{ sid: 'kim', name: 'Kim Lee', mailed: true, warning: null }} />
      </MemoryRouter>,
    )
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent(
      /^Kim Lee was added and the invitation e-mail is on its way\.$/,
    )
    expect(within(status).queryByRole('link')).toBeNull()
    expect(screen.getByRole('link', { name: 'Open Kim Lee' })).toBeVisible()
  })
})
