import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HANDSHAKE_MS, session, useSession } from './session'

/** Stands for another tab of the same browser. */
function otherTab() {
  const messages: unknown[] = []
  const channel = new BroadcastChannel('mdm.session')
  channel.onmessage = (event: MessageEvent<unknown>) => messages.push(event.data)
  return { channel, messages }
}

beforeEach(() => session.start('token-1'))
afterEach(() => session.expire())

describe('session store', () => {
  it('keeps the token in sessionStorage only, never in localStorage or the address', () => {
    expect(session.getState()).toMatchObject({ token: 'token-1', ended: null })
    expect(sessionStorage.getItem('mdm.session')).toBe('token-1')
    expect(JSON.stringify({ ...localStorage })).not.toContain('token-1')
    expect(window.location.href).not.toContain('token-1')
  })

  it('a reload finds the session again', async () => {
    vi.resetModules()
    const reloaded = await import('./session')
    expect(reloaded.session.getToken()).toBe('token-1')
    expect(reloaded.session.isSignedIn()).toBe(true)
  })

  it('a renewed token replaces the old one without ending the session', () => {
    const ended = vi.fn()
    const stop = session.onEnd(ended)
    session.replaceToken('token-2')
    stop()
    expect(session.getState()).toMatchObject({ token: 'token-2', ended: null })
    expect(sessionStorage.getItem('mdm.session')).toBe('token-2')
    expect(ended).not.toHaveBeenCalled()
  })

  it('a renewal that arrives after the session ended does not bring it back', () => {
    session.expire()
    session.replaceToken('token-2')
    expect(session.isSignedIn()).toBe(false)
    expect(sessionStorage.getItem('mdm.session')).toBeNull()
  })

  it('expiry ends the session with its reason, once, and only in this tab', async () => {
    const tab = otherTab()
    const ended = vi.fn()
    const stop = session.onEnd(ended)
    session.expire()
    session.expire()
    stop()
    expect(session.getState()).toEqual({
      token: null,
      issuedAt: null,
      role: 'user',
      ended: 'expired',
    })
    expect(ended).toHaveBeenCalledExactlyOnceWith('expired')
    // Give a broadcast the time to arrive: none must come.
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(tab.messages).toEqual([])
    tab.channel.close()
  })

  it('signing out tells every other tab', async () => {
    const tab = otherTab()
    const ended = vi.fn()
    const stop = session.onEnd(ended)
    session.signOut()
    stop()
    expect(session.getState()).toEqual({
      token: null,
      issuedAt: null,
      role: 'user',
      ended: 'signedOut',
    })
    expect(sessionStorage.getItem('mdm.session')).toBeNull()
    expect(ended).toHaveBeenCalledExactlyOnceWith('signedOut')
    await vi.waitFor(() => expect(tab.messages).toEqual(['signedOut']), { timeout: 20_000 })
    tab.channel.close()
  })

  it('a sign-out in another tab signs this tab out too', async () => {
    const tab = otherTab()
    const ended = vi.fn()
    const stop = session.onEnd(ended)
    tab.channel.postMessage('signedOut')
    await vi.waitFor(() => expect(session.isSignedIn()).toBe(false), { timeout: 20_000 })
    stop()
    expect(session.getState().ended).toBe('signedOut')
    expect(ended).toHaveBeenCalledExactlyOnceWith('signedOut')
    tab.channel.close()
  })

  it('React components follow the store', () => {
    const { result } = renderHook(() => useSession())
    expect(result.current.token).toBe('token-1')
    act(() => session.expire())
    expect(result.current).toEqual({ token: null, issuedAt: null, role: 'user', ended: 'expired' })
    act(() => session.start('token-3'))
    expect(result.current).toMatchObject({ token: 'token-3', ended: null })
  })

  it('a renewal reaches the other tabs that share the token', async () => {
    const tab = otherTab()
    session.replaceToken('token-2')
    await vi.waitFor(
      () =>
        expect(tab.messages).toContainEqual(
          expect.objectContaining({ type: 'renewed', token: 'token-2', previous: 'token-1' }),
        ),
      { timeout: 20_000 },
    )
    tab.channel.close()
  })

  it("another tab's renewal replaces the token here, but never someone else's session", async () => {
    const tab = otherTab()
    tab.channel.postMessage({ type: 'renewed', token: 'other', issuedAt: 5, previous: 'unknown' })
    tab.channel.postMessage({ type: 'renewed', token: 'token-2', issuedAt: 7, previous: 'token-1' })
    await vi.waitFor(() => expect(session.getToken()).toBe('token-2'), { timeout: 20_000 })
    expect(session.getState()).toEqual({ token: 'token-2', issuedAt: 7, role: 'user', ended: null })
    expect(sessionStorage.getItem('mdm.session')).toBe('token-2')
    tab.channel.close()
  })
})

describe('a new tab', () => {
  /**
   * An open tab that answers a new tab's question for the session with `answer`, after
   * `delayMs`; `sent` settles once it has answered.
   */
  function answeringTab(answer: { token: string; issuedAt: number; role?: string }, delayMs = 0) {
    const channel = new BroadcastChannel('mdm.session')
    const sent = new Promise<void>((resolve) => {
      channel.onmessage = (event: MessageEvent<{ type?: string; from?: string }>) => {
        if (event.data.type !== 'ask') return
        setTimeout(() => {
          channel.postMessage({ type: 'session', to: event.data.from, ...answer })
          resolve()
        }, delayMs)
      }
    })
    return { sent, close: () => channel.close() }
  }

  async function freshTab() {
    // Every page of the session that earlier tests loaded signs out first, so none answers.
    const signOut = new BroadcastChannel('mdm.session')
    signOut.postMessage('signedOut')
    await vi.waitFor(() => expect(session.isSignedIn()).toBe(false), { timeout: 20_000 })
    signOut.close()
    sessionStorage.clear()
    vi.resetModules()
    return (await import('./session')).session
  }

  it('takes the session an open tab hands over, before its first page', async () => {
    const tab = answeringTab({ token: 'shared', issuedAt: 42 })
    const fresh = await freshTab()
    expect(fresh.isSignedIn()).toBe(false)
    await fresh.join()
    expect(fresh.getState()).toEqual({ token: 'shared', issuedAt: 42, role: 'user', ended: null })
    // The token stays in this tab's sessionStorage: never localStorage, never the address.
    expect(sessionStorage.getItem('mdm.session')).toBe('shared')
    expect(JSON.stringify({ ...localStorage })).not.toContain('shared')
    tab.close()
  })

  it("keeps an administrator's session an administrator's in the new tab", async () => {
    const tab = answeringTab({ token: 'admin-1', issuedAt: 9, role: 'admin' })
    const fresh = await freshTab()
    await fresh.join()
    expect(fresh.getRole()).toBe('admin')
    expect(sessionStorage.getItem('mdm.session.role')).toBe('admin')
    tab.close()
  })

  it('takes an answer that comes late, after its first page showed sign-in', async () => {
    const tab = answeringTab({ token: 'late', issuedAt: 7 }, HANDSHAKE_MS + 200)
    const fresh = await freshTab()
    await fresh.join()
    expect(fresh.isSignedIn()).toBe(false)
    await vi.waitFor(() => expect(fresh.getToken()).toBe('late'), { timeout: 2_000 })
    tab.close()
  })

  it('keeps a session begun in the tab itself over an answer that comes late', async () => {
    const tab = answeringTab({ token: 'late', issuedAt: 7 }, HANDSHAKE_MS + 200)
    const fresh = await freshTab()
    await fresh.join()
    fresh.start('own')
    await tab.sent
    // The answer crosses the channel after it was sent: give it the time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(fresh.getToken()).toBe('own')
    tab.close()
  })

  it('starts signed out when no tab answers', async () => {
    const fresh = await freshTab()
    await fresh.join()
    expect(fresh.getState()).toEqual({ token: null, issuedAt: null, role: 'user', ended: null })
  })
})

describe('session role', () => {
  it('an administrator session keeps its role through a reload and a renewal, and loses it when it ends', async () => {
    session.start('admin-token', 'admin')
    expect(session.getRole()).toBe('admin')
    session.replaceToken('admin-token-2')
    expect(session.getRole()).toBe('admin')
    vi.resetModules()
    const reloaded = await import('./session')
    expect(reloaded.session.getRole()).toBe('admin')
    session.expire()
    expect(session.getRole()).toBe('user')
    expect(sessionStorage.getItem('mdm.session.role')).toBeNull()
  })

  it('an employee session is a user session', () => {
    expect(session.getRole()).toBe('user')
  })
})
