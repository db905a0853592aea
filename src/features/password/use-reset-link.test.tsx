import { render, screen } from '@testing-library/react'
import { MemoryRouter, useLocation } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { LINK_STASH } from '../../../contract/screens'
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

const stash = window as unknown as Record<string, unknown>
afterEach(() => {
  delete stash[LINK_STASH]
})

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

  it("is read from where the page's start script put it, which is then cleared", () => {
    // The start script (build/first-paint.ts) took the query out of the address bar.
    stash[LINK_STASH] = '?token=xyz&email=anna%40example.com'
    render(
      <MemoryRouter initialEntries={['/reset-password']}>
        <Probe />
      </MemoryRouter>,
    )
    expect(screen.getByText(/at \/reset-password/).textContent).toContain(
      '{"token":"xyz","join":false,"email":"anna@example.com"}',
    )
    expect(stash[LINK_STASH]).toBeUndefined()
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
