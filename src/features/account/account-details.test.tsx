import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { currentUserQuery } from '@/entities/user/queries'
import { AccountDetails } from './account-details'

/** What a screen reader reads of an element, in order: its text outside what is hidden from it. */
function spoken(element: Element): string {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
  const parts: string[] = []
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest('[aria-hidden=true]')) continue
    parts.push(node.textContent ?? '')
  }
  return parts.join('')
}

// Read top to bottom, the card's heading comes first and the name and e-mail address are heard
// once, as its facts, not before it from the profile at the card's top, which shows them again.
describe("the account's personal details", () => {
  it('start with their heading and say the name and e-mail address once', () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } })
    client.setQueryData(currentUserQuery().queryKey, {
      sid: 'anna',
      email: 'anna@example.com',
      displayname: 'Anna Berger',
      firstname: 'Anna',
      lastname: 'Berger',
    })
    render(
      <QueryClientProvider client={client}>
        <AccountDetails />
      </QueryClientProvider>,
    )
    const region = screen.getByRole('region', { name: 'Personal details' })
    const said = spoken(region)
    expect(said).toMatch(/^Personal detailsYour IT help desk manages these details\./)
    expect(said.split('anna@example.com')).toHaveLength(2)
    expect(said.split('Anna Berger')).toHaveLength(2)
    // The profile is still seen.
    expect(region.querySelector('.account-profile')).toHaveTextContent('Anna Berger')
  })
})
