import { act, screen } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { beforeEach, expect, it, onTestFinished, vi } from 'vitest'
import { changeLanguage } from '@/lib/i18n'
import type { DeviceSort } from './list-params'
import { SortSelect } from './sort-select'

beforeEach(() => changeLanguage('en'))

const select = (value: DeviceSort) => <SortSelect value={value} onChange={() => {}} />

it("shows the address's order once React has taken over the server's page", async () => {
  // The server draws the list once, for every address: in the order by name.
  const container = document.createElement('div')
  container.innerHTML = renderToString(select('name'))
  document.body.append(container)
  expect(screen.getByLabelText('Sort by')).toHaveValue('name')

  // React keeps a select's choice as drawn when it takes a page over: the list would be ordered
  // by last contact under a select that says "Name".
  const recoverable = vi.fn()
  const root = await act(async () =>
    hydrateRoot(container, select('lastcontact-asc'), { onRecoverableError: recoverable }),
  )
  onTestFinished(() => {
    act(() => root.unmount())
    container.remove()
  })
  expect(recoverable).not.toHaveBeenCalled()
  expect(screen.getByLabelText('Sort by')).toHaveValue('lastcontact-asc')
})
