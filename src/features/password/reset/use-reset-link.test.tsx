import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { describe, expect, it } from 'vitest'
import { useResetLink } from './use-reset-link'

function Probe() {
  const link = useResetLink()
  const location = useLocation()
  return (
    <p>
      {JSON.stringify(link)} at {location.pathname + location.search}
    </p>
  )
}

/** The page at an address, in a data router as the portal has it. */
function renderAt(address: string) {
  const router = createMemoryRouter([{ path: '*', Component: Probe }], {
    initialEntries: [address],
  })
  render(<RouterProvider router={router} />)
}

describe('a password link', () => {
  it('is read from the address, which keeps only that it is an invitation and names its account', async () => {
    renderAt('/reset-password?token=abc&join=1&email=a%40b.c')
    expect(
      await screen.findByText(
        '{"token":"abc","join":true,"email":"a@b.c","drawnAccount":"place"} at /reset-password?join=1&account=1',
      ),
    ).toBeInTheDocument()
  })

  it('of a forgotten password leaves nothing in the address', async () => {
    renderAt('/reset-password?token=abc')
    expect(
      await screen.findByText(
        '{"token":"abc","join":false,"email":null,"drawnAccount":null} at /reset-password',
      ),
    ).toBeInTheDocument()
  })

  it('without a token anywhere, there is none', () => {
    renderAt('/reset-password')
    expect(screen.getByText(/at \/reset-password/).textContent).toContain('"token":null')
  })
})
