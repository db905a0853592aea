import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { session } from '../../lib/session'
import { rememberOnlyDevice } from '../../features/apps/model/only-device'
import { queryClient } from '../query-client'
import { preloadScreen } from '../router'
import { preload as preloadApps } from './apps'
import { preload as preloadDevice } from './device'
import { preload as preloadDevices } from './devices'

/** The requests sent so far: the API operation and its body, none of them answered yet. */
let sent: { path: string; body: Record<string, unknown> }[]

/**
 * The portal's texts arrive at once (empty); API requests are recorded and answered only when
 * `answer` says so (by default never).
 */
function stubFetch(answer: (settle: () => void) => void = () => undefined) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      if (!url.includes('/api/mdm/v2/')) return Promise.resolve(Response.json({}))
      sent.push({
        path: url.replace(/^.*\/api\/mdm\/v2\//, ''),
        body: JSON.parse(String(init.body)) as Record<string, unknown>,
      })
      return new Promise<Response>((resolve) =>
        answer(() => resolve(Response.json({ status: 'Error', message: 'Not here' }))),
      )
    }),
  )
}

beforeEach(() => {
  sent = []
  stubFetch()
  session.start('token-1')
})

afterEach(() => {
  queryClient.clear()
  sessionStorage.clear()
  vi.unstubAllGlobals()
})

describe('the requests a screen starts before it renders', () => {
  it('device details ask for the device alone', () => {
    preloadDevice({ pathname: '/devices/abc-1', search: '' })
    expect(sent).toEqual([
      { path: 'device/info', body: expect.objectContaining({ clientid: 'abc-1' }) },
    ])
  })

  it('apps ask for the devices and the catalog of all devices side by side', () => {
    preloadApps({ pathname: '/apps', search: '' })
    expect(sent.map((request) => request.path)).toEqual(['device/list', 'app/list'])
    expect(sent[1]?.body).not.toHaveProperty('clientid')
  })

  it('apps ask for the catalog of the device the address names', () => {
    preloadApps({ pathname: '/apps', search: '?device=abc-1' })
    expect(sent.map((request) => request.path)).toEqual(['device/list', 'app/list'])
    expect(sent[1]?.body).toMatchObject({ clientid: 'abc-1' })
  })

  it('apps ask for the catalog of the only device this tab found last time', () => {
    rememberOnlyDevice([{ clientid: 'only-1' }])
    preloadApps({ pathname: '/apps', search: '' })
    expect(sent.map((request) => request.path)).toEqual(['device/list', 'app/list'])
    expect(sent[1]?.body).toMatchObject({ clientid: 'only-1' })
  })

  it('apps ask for all apps when the address says "no device", whatever was remembered', () => {
    rememberOnlyDevice([{ clientid: 'only-1' }])
    preloadApps({ pathname: '/apps', search: '?device=' })
    expect(sent[1]?.body).not.toHaveProperty('clientid')
  })

  it('the device list asks once when nothing is filtered', () => {
    preloadDevices({ pathname: '/devices', search: '' })
    expect(sent.map((request) => request.path)).toEqual(['device/list'])
  })
})

describe('preloadScreen', () => {
  it('starts the frame’s and the screen’s requests once their code and `ready` are there, for a signed-in user', async () => {
    let settle = () => {}
    const ready = new Promise<void>((resolve) => (settle = resolve))
    await preloadScreen(
      { pathname: '/devices/abc-1', search: '' },
      { ready, signedIn: () => true, waitForData: 0 },
    )
    expect(sent).toEqual([])
    settle()
    await vi.waitFor(() =>
      expect(sent.map((request) => request.path)).toEqual(['user/info', 'device/info']),
    )
  })

  it('settles once the first answers are there, so the first render has them', async () => {
    const answers: (() => void)[] = []
    stubFetch((settle) => answers.push(settle))
    let settled = false
    const started = preloadScreen(
      { pathname: '/devices/abc-1', search: '' },
      { ready: Promise.resolve(), signedIn: () => true, waitForData: 60_000 },
    ).then(() => (settled = true))
    await vi.waitFor(() => expect(answers).toHaveLength(2))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(settled).toBe(false)
    for (const answer of answers) answer()
    await started
    expect(settled).toBe(true)
  })

  it('does not wait longer than `waitForData` for a slow service', async () => {
    await preloadScreen(
      { pathname: '/devices/abc-1', search: '' },
      { ready: Promise.resolve(), signedIn: () => true, waitForData: 10 },
    )
    expect(sent.map((request) => request.path)).toEqual(['user/info', 'device/info'])
  })

  it('a password link asks whose link it is while the portal starts, with no session', async () => {
    session.signOut()
    await preloadScreen(
      { pathname: '/reset-password', search: '?token=link-1' },
      { ready: Promise.resolve(), signedIn: () => false, waitForData: 0 },
    )
    await vi.waitFor(() =>
      expect(sent).toEqual([
        { path: 'user/resetpasswordinfo', body: expect.objectContaining({ token: 'link-1' }) },
      ]),
    )
  })

  it('sends nothing without a session', async () => {
    await preloadScreen(
      { pathname: '/devices/abc-1', search: '' },
      { ready: Promise.resolve(), signedIn: () => false, waitForData: 0 },
    )
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(sent).toEqual([])
  })
})
