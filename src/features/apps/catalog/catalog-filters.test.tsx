import { act, screen } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { beforeEach, expect, it, onTestFinished, vi } from 'vitest'
import { changeLanguage } from '@/lib/i18n'
import type { AppPlatform } from '@contract/platform'
import { CatalogFilters } from './catalog-filters'

beforeEach(() => changeLanguage('en'))

const filters = (query: string, platform: AppPlatform | null) => (
  <CatalogFilters
    searchId="search"
    query={query}
    platform={platform}
    showPlatform
    onQuery={() => {}}
    onPlatform={() => {}}
  />
)

it("shows the address's search and platform once React has taken over the server's page", async () => {
  // The server draws the catalog once, for every address: without a search or a platform.
  const container = document.createElement('div')
  container.innerHTML = renderToString(filters('', null))
  document.body.append(container)
  expect(screen.getByLabelText('Platform')).toHaveValue('')

  // React keeps a select's choice as drawn when it takes a page over; the filters, memoized, are
  // not drawn again by the screen around them, so they show the address's platform themselves.
  const recoverable = vi.fn()
  const root = await act(async () =>
    hydrateRoot(container, filters('mail', 'Apple'), { onRecoverableError: recoverable }),
  )
  // A root of its own, which Testing Library's clean-up does not know: unmounted here, or it
  // would still hear a later test's change of language.
  onTestFinished(() => {
    act(() => root.unmount())
    container.remove()
  })
  expect(recoverable).not.toHaveBeenCalled()
  expect(screen.getByLabelText('Search by name')).toHaveValue('mail')
  expect(screen.getByLabelText('Platform')).toHaveValue('Apple')
})
