import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { User } from '@contract/schemas'
import { UserCard } from './user-card'

const anna: User = { sid: 'S-1', displayname: 'Anna Berg', email: 'anna@example.com' }

const renderCard = (devices: number | null, user: User = anna) =>
  render(
    <MemoryRouter>
      <ul>
        <UserCard user={user} name={user.displayname ?? ''} devices={devices} />
      </ul>
    </MemoryRouter>,
  )

/** The paragraphs a screen reader meets in the card, by their words. */
const paragraphs = () => screen.queryAllByRole('paragraph').map((p) => p.textContent)

describe("a user's card while the tenant's devices arrive", () => {
  it('keeps the place of the count with an unseen placeholder, and no empty paragraph', () => {
    const { container } = renderCard(null)
    expect(paragraphs()).toEqual(['anna@example.com'])
    const slot = container.querySelector('.user-card__facts .badge-slot')
    expect(slot).not.toBeNull()
    expect(slot?.closest('[aria-hidden="true"]')).not.toBeNull()
  })

  it('says a disabled user is disabled, the count still coming', () => {
    renderCard(null, { ...anna, enabled: false })
    expect(paragraphs()).toEqual(['anna@example.com', 'Disabled'])
  })

  it('says the count once the devices have come, the placeholder gone', () => {
    const { container } = renderCard(2)
    expect(paragraphs()).toEqual(['anna@example.com', '2 devices'])
    expect(container.querySelector('.badge-slot')).toBeNull()
  })
})
