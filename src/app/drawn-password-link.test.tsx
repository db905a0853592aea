import { act, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import type { Language } from '@/lib/i18n'
import { renderAccount, renderPage } from './render-page'
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
 * each kind of link, whatever its token, with the account in its place) and as the portal takes
 * it over. It draws with the address `link` where a link names one, which the server replaces
 * with the link's account.
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

/** The account's line as the page has it: its words and the address's markup, or its place. */
const accountOf = (root: HTMLElement) => root.querySelector('.password-page__account')?.innerHTML

/**
 * The server's drawing of `drawn` for the account the page's address names (none: its place),
 * taken over by the portal opened at `address`, whose history entry holds `state` (as React
 * Router keeps it) when given.
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
  const named = new URL(address, 'http://portal').searchParams.get('email')
  document.body.innerHTML = html.replace(renderAccount('link'), () => renderAccount(named))
  const root = document.getElementById('root')
  if (!root) throw new Error('The drawing has no root')
  const before = lines(root)
  const drawnAccount = accountOf(root)
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
  return { before, after: lines(root), drawnAccount, account: accountOf(root) }
}

afterEach(() => {
  vi.restoreAllMocks()
  document.body.innerHTML = ''
  window.history.replaceState(null, '', '/')
})

describe('the password link’s page, drawn and taken over', () => {
  it('draws the link’s address as the portal does, its lines and breaks the same from the start', async () => {
    const long = 'maximilian.mustermann-schmidt@verwaltung.example-konzern.de'
    const { before, after, drawnAccount, account } = await drawnAndTakenOver(
      DRAWN.resetAccount,
      `/reset-password?token=a-token&email=${encodeURIComponent(long)}`,
    )
    sameLines(before, after)
    expect(before).toContain(`p: Your account: ${long}`)
    expect(after).toContain(`p: Your account: ${long}`)
    expect(drawnAccount).toContain('<wbr>')
    expect(account).toBe(drawnAccount)
  })

  it('is the same for an invitation, in German', async () => {
    const { before, after, drawnAccount, account } = await drawnAndTakenOver(
      DRAWN.invitationAccount,
      '/reset-password?token=a-token&join=1&email=clara%40example.com',
      'de',
    )
    sameLines(before, after)
    expect(before).toContain('p: Ihr Konto: clara@example.com')
    expect(account).toBe(drawnAccount)
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
    expect(before).toContain('p: Your account: ▭')
    expect(after).toContain('p: Your account: anna@example.com')
  })
})
