import { render, screen } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useResetLink } from './use-reset-link'

function Probe() {
  const link = useResetLink()
  const location = useLocation()
  return (
    <p>
      {JSON.stringify(link)} at {location.pathname}
    </p>
  )
}

describe('a password link', () => {
  it('is read from the address', () => {
    render(
      <MemoryRouter initialEntries={['/reset-password?token=abc&join=1&email=a%40b.c']}>
        <Probe />
      </MemoryRouter>,
    )
    expect(screen.getByText(/at \/reset-password/).textContent).toContain(
      '{"token":"abc","join":true,"email":"a@b.c"}',
    )
  })

  it('without a token anywhere, there is none', () => {
    render(
      <MemoryRouter initialEntries={['/reset-password']}>
        <Probe />
      </MemoryRouter>,
    )
    expect(screen.getByText(/at \/reset-password/).textContent).toContain('"token":null')
  })
})
