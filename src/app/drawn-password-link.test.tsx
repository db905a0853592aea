import { act, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import type { Language } from '@/lib/i18n'
import { renderPage } from './render-page'
import { pageOf, routeObjects } from './router'

/**
 * The route table with lazy parts of its own: a router writes what it has loaded into the table's
 * lazy objects (the server's renderer into the shared table), which another router then lacks.
 */
function unloaded(routes: RouteObject[]): RouteObject[] {
  return routes.map(({ lazy, children, ...route }) => ({
    ...route,
    ...(lazy && { lazy: typeof lazy === 'function' ? lazy : { ...lazy } }),
    ...(children && { children: unloaded(children) }),
  })) as RouteObject[]
}
const ROUTES = unloaded(routeObjects)

/**
 * The page of a password link as the server draws it (server/pages/pages.ts: one drawing for
 * each kind of link, whatever its token and address) and as the portal takes it over. It draws
 * with the address `link` where a link names one.
 */
const DRAWN = {
  reset: '/reset-password?token=link',
  resetAccount: '/reset-password?token=link&email=link',
  invitation: '/reset-password?token=link&join=1',
  invitationAccount: '/reset-password?token=link&join=1&email=link',
}

/**
 * The page's lines: each heading, paragraph, label and control with its words, a value's place
 * (`.text-slot`) as "▭". Two pages with the same lines are the same height, but for a value
 * longer than its place.
 */
function lines(root: HTMLElement): string[] {
  return [...root.querySelectorAll<HTMLElement>('h1, h2, p, label, button, input, a')].map(
    (element) => {
      const copy = element.cloneNode(true) as HTMLElement
      for (const slot of copy.querySelectorAll('.text-slot')) slot.replaceWith('▭')
      const text = copy.textContent.replace(/\s+/g, ' ').trim()
      return `${element.localName}${element.hidden ? ' hidden' : ''}: ${text}`
    },
  )
}

/** A drawn line matches a line of the page taken over where it is the same but for its places. */
function sameLines(drawn: string[], taken: string[]) {
  expect(taken).toHaveLength(drawn.length)
  drawn.forEach((line, index) => {
    const pattern = line.split('▭').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    expect(taken[index]).toMatch(new RegExp(`^${pattern.join('.+')}$`))
  })
}

/**
 * The server's drawing of `drawn`, taken over by the portal opened at `address`, whose history
 * entry holds `state` (as React Router keeps it) when given.
 */
async function drawnAndTakenOver(
  drawn: string,
  address: string,
  language: Language = 'en',
  state: unknown = null,
) {
  // The link's answer has not come: the page is taken over as it is drawn.
  vi.spyOn(globalThis, 'fetch').mockImplementation(() => new Promise(() => {}))
  const { html } = await renderPage(`http://portal${drawn}`, language, {})
  document.body.innerHTML = html
  const root = document.getElementById('root')
  if (!root) throw new Error('The drawing has no root')
  const before = lines(root)
  window.history.replaceState(state && { usr: state, key: 'kept', idx: 0 }, '', address)
  const router = createBrowserRouter(unloaded(ROUTES))
  onTestFinished(() => router.dispose())
  await waitFor(() => expect(router.state.initialized).toBe(true))
  // The portal takes the markup over only when it is this page's drawing (src/main.tsx).
  expect(root.dataset.page).toBe(pageOf(router.state))
  const mismatch = vi.fn()
  const app = await act(async () =>
    hydrateRoot(
      root,
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
      { onRecoverableError: mismatch },
    ),
  )
  onTestFinished(() => act(() => app.unmount()))
  // Taken over, and the link has left the address bar (use-reset-link.ts).
  await waitFor(() => expect(root).not.toHaveAttribute('inert'))
  await waitFor(() => expect(window.location.search).not.toContain('token'))
  await act(() => Promise.resolve())
  expect(mismatch).not.toHaveBeenCalled()
  return { before, after: lines(root) }
}

afterEach(() => {
  vi.restoreAllMocks()
  document.body.innerHTML = ''
  window.history.replaceState(null, '', '/')
})

describe('the password link’s page, drawn and taken over', () => {
  it('keeps the account’s line that the drawing kept free, filled with the link’s address', async () => {
    const { before, after } = await drawnAndTakenOver(
      DRAWN.resetAccount,
      '/reset-password?token=a-token&email=anna%40example.com',
    )
    sameLines(before, after)
    expect(before).toContain('p: Your account: ▭')
    expect(after).toContain('p: Your account: anna@example.com')
  })

  it('is the same for an invitation, in German', async () => {
    const { before, after } = await drawnAndTakenOver(
      DRAWN.invitationAccount,
      '/reset-password?token=a-token&join=1&email=clara%40example.com',
      'de',
    )
    sameLines(before, after)
    expect(after).toContain('p: Ihr Konto: clara@example.com')
  })

  it('has no line for an account a link does not name, drawn or taken over', async () => {
    for (const [drawn, address] of [
      [DRAWN.reset, '/reset-password?token=a-token'],
      [DRAWN.invitation, '/reset-password?token=a-token&join=1'],
    ] as const) {
      const { before, after } = await drawnAndTakenOver(drawn, address)
      sameLines(before, after)
      expect(after.filter((line) => line.includes('Your account'))).toEqual([])
    }
  })

  // A reload: the link is in the tab's history alone, which the server never sees; the address
  // keeps that it names its account (use-reset-link.ts), and the drawing its line.
  it('keeps the account’s line after a reload, the link kept in the tab’s history', async () => {
    const { before, after } = await drawnAndTakenOver(
      DRAWN.resetAccount,
      '/reset-password?account=1',
      'en',
      { resetLink: { token: 'a-token', join: false, email: 'anna@example.com' } },
    )
    sameLines(before, after)
    expect(after).toContain('p: Your account: anna@example.com')
  })
})
