import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api/api-error'
import { forgetReports, reportRouteError, reportStartErrors } from './client-errors'

/** What the page sent with `navigator.sendBeacon`, as the server would read it. */
let beacons: { url: string; body: Promise<string> }[] = []
beforeEach(() => {
  forgetReports()
  beacons = []
  vi.stubGlobal('navigator', {
    ...navigator,
    onLine: true,
    sendBeacon: (url: string, body: Blob) => {
      beacons.push({ url, body: body.text() })
      return true
    },
  })
})
afterEach(() => vi.unstubAllGlobals())

const sentReports = async () =>
  Promise.all(
    beacons.map(async ({ url, body }) => ({ url, report: JSON.parse(await body) as unknown })),
  )

const Fallback = () => <p>Failed</p>

/** The device's screen, failing as `fail` says, under the routes' boundary. */
function routes(fail: { loader?: () => never; Component?: () => never }): RouteObject[] {
  return [
    { path: '/devices', Component: () => <h1>Devices</h1> },
    {
      path: '/devices/:clientId',
      ErrorBoundary: Fallback,
      loader: fail.loader ?? (() => null),
      Component: fail.Component ?? (() => <h1>Device</h1>),
    },
  ]
}

/** Opens the devices list, then the device at `address` (a navigation after the start). */
async function openDevice(
  fail: Parameters<typeof routes>[0],
  address = '/devices/ab12cd34?tab=apps#x',
) {
  const router = createMemoryRouter(routes(fail), { initialEntries: ['/devices'] })
  render(<RouterProvider router={router} onError={reportRouteError} />, {
    // React tells of an error a boundary caught on the console: here it is the case under test.
    onCaughtError: () => undefined,
  })
  await screen.findByRole('heading', { name: 'Devices' })
  await router.navigate(address)
  await screen.findByText('Failed')
  return router
}

const chunkFailure = () =>
  new TypeError(
    'Failed to fetch dynamically imported module: http://portal.example.com/assets/device-Bx7k2Q9a.js',
  )

describe('an error in the browser is reported to the portal server', () => {
  it('a loader that throws: one report, with the route pattern and not the address', async () => {
    await openDevice({
      loader: () => {
        throw new TypeError("Cannot read properties of undefined (reading 'platform')")
      },
    })
    expect(await sentReports()).toEqual([
      {
        url: '/api/portal/client-errors',
        report: {
          name: 'TypeError',
          message: "Cannot read properties of undefined (reading 'platform')",
          pattern: '/devices/:clientId',
        },
      },
    ])
    expect(JSON.stringify(await sentReports())).not.toMatch(/ab12cd34|tab=apps/)
  })

  it('a component that throws (again on every render): one report', async () => {
    await openDevice({
      Component: () => {
        throw new RangeError('Invalid time value')
      },
    })
    expect(await sentReports()).toEqual([
      {
        url: '/api/portal/client-errors',
        report: {
          name: 'RangeError',
          message: 'Invalid time value',
          pattern: '/devices/:clientId',
        },
      },
    ])
  })

  it('code that did not arrive while online (a deploy took it away): reported', async () => {
    await openDevice({
      Component: () => {
        throw chunkFailure()
      },
    })
    expect(await sentReports()).toMatchObject([
      {
        report: {
          name: 'TypeError',
          message: expect.stringMatching(/^Failed to fetch dynamically imported module/),
          pattern: '/devices/:clientId',
        },
      },
    ])
  })

  it('without a fetch fallback when the beacon is refused, the report goes with keepalive', async () => {
    const fetched = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })))
    vi.stubGlobal('fetch', fetched)
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: () => false })
    await openDevice({
      loader: () => {
        throw new Error('Broken')
      },
    })
    expect(fetched).toHaveBeenCalledTimes(1)
    expect(fetched).toHaveBeenCalledWith(
      '/api/portal/client-errors',
      expect.objectContaining({ method: 'POST', keepalive: true }),
    )
  })

  it('the message keeps no query of an address, no e-mail address', async () => {
    await openDevice({
      loader: () => {
        throw new Error(
          'No device at https://portal.example.com/devices/x?token=abc for anna@example.com',
        )
      },
    })
    expect(await sentReports()).toMatchObject([
      { report: { message: 'No device at https://portal.example.com/devices/x for [e-mail]' } },
    ])
  })

  it('a render loop sends a few reports at most', () => {
    const info = {
      location: { pathname: '/', search: '', hash: '', state: null, key: 'k' },
      params: {},
      pattern: '/',
    }
    for (let n = 0; n < 50; n++) reportRouteError(new Error(`Loop ${n}`), info)
    expect(beacons).toHaveLength(3)
  })

  it('an error of the first navigation, before RouterProvider: reported too', async () => {
    const router = createMemoryRouter(
      routes({
        loader: () => {
          throw new Error('At the start')
        },
      }),
      { initialEntries: ['/devices/ab12cd34'] },
    )
    await vi.waitFor(() => expect(router.state.errors).not.toBeNull(), { timeout: 30_000 })
    reportStartErrors(router.state)
    expect(await sentReports()).toMatchObject([
      { report: { message: 'At the start', pattern: '/devices/:clientId' } },
    ])
  })
})

describe('what the portal expects and explains on the screen is not reported', () => {
  it('code that did not arrive while offline', async () => {
    // The stub above, with the connection gone.
    vi.stubGlobal('navigator', { ...navigator, onLine: false })
    await openDevice({
      Component: () => {
        throw chunkFailure()
      },
    })
    await openDevice({
      loader: () => {
        throw chunkFailure()
      },
    })
    expect(beacons).toEqual([])
  })

  it.each([
    ['a device that does not exist (404)', new ApiError('notFound', { status: 404 })],
    ['a refusal the screen words (403)', new ApiError('forbidden', { status: 403 })],
    ['the service refusing a field (400)', new ApiError('api', { status: 400, code: '01000002' })],
    ['no connection', new ApiError('network')],
    ['the service away', new ApiError('unavailable', { status: 503 })],
    ['the service slow', new ApiError('timeout')],
    ['the session ended', new ApiError('unauthorized', { status: 401 })],
  ])('%s', async (_case, error) => {
    await openDevice({
      loader: () => {
        throw error
      },
    })
    expect(beacons).toEqual([])
  })

  it('but an answer the portal could not read is a defect: reported', async () => {
    await openDevice({
      loader: () => {
        throw new ApiError('malformed', { status: 200 })
      },
    })
    expect(await sentReports()).toMatchObject([
      { report: { name: 'ApiError', message: 'malformed', pattern: '/devices/:clientId' } },
    ])
  })
})
