// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { IndexHtmlTransformContext } from 'vite'
import {
  EARLY_ANSWERS,
  FIRST_REQUESTS_ID,
  PRELOADS_ID,
  SESSION_STORAGE_KEY,
} from '../contract/screens.ts'
import { FORMATS_WARM_UP, firstPaint } from './first-paint.ts'

/** The page's inline start script, as the build writes it for an entry `/assets/index-a.js`. */
function startScript(bundle: object = {}): string {
  const hook = firstPaint().transformIndexHtml
  if (!hook || typeof hook !== 'object') throw new Error('expected an ordered transform')
  const page = hook.handler.call(
    {} as ThisParameterType<typeof hook.handler>,
    '<html><head><script type="module" crossorigin src="/assets/index-a.js"></script></head><body></body></html>',
    { bundle } as unknown as IndexHtmlTransformContext,
  )
  if (typeof page !== 'string') throw new Error('expected the page as text')
  const script = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1]
  if (!script) throw new Error('expected an inline start script')
  return script
}

let restore = () => {}
/** Counts the workers started, and the number formats built on this thread, from here on. */
function watchFormats() {
  const workers = vi.fn()
  vi.stubGlobal('Worker', workers)
  const built = vi.spyOn(Intl, 'NumberFormat')
  built.mockClear()
  restore = () => {
    built.mockRestore()
    vi.unstubAllGlobals()
  }
  return { workers, built }
}

afterEach(() => {
  vi.useRealTimers()
  restore()
  sessionStorage.clear()
  document.head.innerHTML = ''
  document.documentElement.lang = ''
  delete (window as unknown as Record<string, unknown>)[EARLY_ANSWERS]
})

/** The block the server puts into a signed-in screen's page (server/screen-preloads.ts). */
function listRequests(text: string) {
  const block = document.createElement('script')
  block.type = 'application/json'
  block.id = FIRST_REQUESTS_ID
  block.textContent = text
  document.head.append(block)
}

/** Counts what the script sends, each answered with an empty object. */
function watchRequests() {
  const sent = vi.fn(async (_url: string, _init: RequestInit) => new Response('{}'))
  vi.stubGlobal('fetch', sent)
  vi.stubGlobal('Worker', vi.fn())
  restore = () => vi.unstubAllGlobals()
  return sent
}

const REQUESTS = JSON.stringify([
  { url: '/api/mdm/v2/user/info', body: {} },
  { url: '/api/mdm/v2/device/info', body: { clientid: 'c1' } },
])

describe("the page's start script", () => {
  test("in a signed-in tab a worker sets up formatting in the page's language, off this thread", () => {
    const script = startScript()
    const { workers, built } = watchFormats()
    document.documentElement.lang = 'de'
    sessionStorage.setItem(SESSION_STORAGE_KEY, 'token-1')
    new Function(script)()
    // At once, while the page is parsed: not in a task of its own after the first paint.
    expect(workers).toHaveBeenCalledExactlyOnceWith(FORMATS_WARM_UP, { name: 'de' })
    expect(built).not.toHaveBeenCalled()
  })

  test("starts the build's hashed copy of the worker, which browsers keep for good", () => {
    const script = startScript({
      'assets/formats-warm-up-h4sh.js': { type: 'asset', names: ['formats-warm-up.js'] },
      'assets/other-h4sh.js': { type: 'asset', names: ['other.js'] },
    })
    const { workers } = watchFormats()
    document.documentElement.lang = 'en'
    sessionStorage.setItem(SESSION_STORAGE_KEY, 'token-1')
    new Function(script)()
    expect(workers).toHaveBeenCalledExactlyOnceWith('/assets/formats-warm-up-h4sh.js', {
      name: 'en',
    })
  })

  test('the sign-in page of a tab without a session does not start it', () => {
    vi.useFakeTimers()
    const script = startScript()
    const { workers } = watchFormats()
    new Function(script)()
    expect(workers).not.toHaveBeenCalled()
    // It still starts the portal, once the page has painted or 300 ms on at the latest.
    vi.advanceTimersByTime(300)
    expect(document.head.querySelector('script[src="/assets/index-a.js"]')).not.toBeNull()
  })

  test('a browser that cannot start the worker still starts the portal', () => {
    vi.useFakeTimers()
    const script = startScript()
    vi.stubGlobal('Worker', undefined)
    restore = () => vi.unstubAllGlobals()
    sessionStorage.setItem(SESSION_STORAGE_KEY, 'token-1')
    new Function(script)()
    vi.advanceTimersByTime(300)
    expect(document.head.querySelector('script[src="/assets/index-a.js"]')).not.toBeNull()
  })

  test("starts the portal's entry first, then asks for the screen's files one task at a time", () => {
    vi.useFakeTimers()
    const list = document.createElement('script')
    list.type = 'application/json'
    list.id = PRELOADS_ID
    list.textContent = JSON.stringify(['/assets/devices-b.js', '/assets/devices-b.css'])
    document.head.append(list)
    new Function(startScript())()
    vi.advanceTimersByTime(300)
    expect(document.head.querySelector('script[src="/assets/index-a.js"]')).not.toBeNull()
    expect(document.head.querySelectorAll('link')).toHaveLength(0)

    vi.advanceTimersToNextTimer()
    expect(document.head.querySelector('link[rel="modulepreload"]')?.getAttribute('href')).toBe(
      '/assets/devices-b.js',
    )
    expect(document.head.querySelectorAll('link')).toHaveLength(1)
    vi.advanceTimersToNextTimer()
    const style = document.head.querySelector<HTMLLinkElement>('link[rel="preload"]')
    expect(style?.getAttribute('href')).toBe('/assets/devices-b.css')
    expect(style?.as).toBe('style')
  })

  test("in a signed-in tab it sends the screen's first requests as the portal would, and leaves their answers", async () => {
    const sent = watchRequests()
    listRequests(REQUESTS)
    document.documentElement.lang = 'de'
    sessionStorage.setItem(SESSION_STORAGE_KEY, 'token-1')
    new Function(startScript())()
    // At once, while the page is parsed.
    expect(sent).toHaveBeenCalledTimes(2)
    const [url, init] = sent.mock.calls[1] ?? []
    expect(url).toBe('/api/mdm/v2/device/info')
    expect(init?.method).toBe('POST')
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json', 'Accept-Language': 'de' })
    // The body as the API client writes it: the request's members, then the token.
    expect(init?.body).toBe('{"clientid":"c1","token":"token-1"}')
    const left = (window as unknown as Record<string, unknown>)[EARLY_ANSWERS] as {
      url: string
      body: string
      language: string
      at: number
      answer: Promise<Response>
    }[]
    expect(left.map(({ url, body, language }) => ({ url, body, language }))).toEqual([
      { url: '/api/mdm/v2/user/info', body: '{"token":"token-1"}', language: 'de' },
      {
        url: '/api/mdm/v2/device/info',
        body: '{"clientid":"c1","token":"token-1"}',
        language: 'de',
      },
    ])
    expect(left[0]?.at).toBeLessThanOrEqual(performance.now())
    expect(await (await left[1]!.answer).json()).toEqual({})
  })

  test('without a session, or with a list it cannot read, it sends nothing and still starts the portal', () => {
    vi.useFakeTimers()
    const sent = watchRequests()
    listRequests(REQUESTS)
    new Function(startScript())()
    expect(sent).not.toHaveBeenCalled()

    document.head.innerHTML = ''
    listRequests('[{"url":')
    sessionStorage.setItem(SESSION_STORAGE_KEY, 'token-1')
    new Function(startScript())()
    expect(sent).not.toHaveBeenCalled()
    vi.advanceTimersByTime(300)
    expect(document.head.querySelector('script[src="/assets/index-a.js"]')).not.toBeNull()
  })
})

describe("a device's page", () => {
  const DEVICE_REQUESTS = JSON.stringify([
    { url: '/api/mdm/v2/user/info', body: {} },
    { url: '/api/mdm/v2/device/info', body: { clientid: 'c1' }, render: '/first-screen/device' },
  ])
  const FRAME =
    '<div class="shell" inert><div class="main"><div class="skeleton"></div></div></div>'

  /** The page as the server sends it: the frame, the screen's files and its first requests. */
  function devicePage() {
    document.body.innerHTML = `<div id="root">${FRAME}</div>`
    const list = document.createElement('script')
    list.type = 'application/json'
    list.id = PRELOADS_ID
    list.textContent = JSON.stringify(['/assets/employee-b.js', '/assets/employee-b.css'])
    document.head.append(list)
    listRequests(DEVICE_REQUESTS)
    document.documentElement.lang = 'de'
    sessionStorage.setItem(SESSION_STORAGE_KEY, 'token-1')
  }

  /** The renderer's answer (server/first-screen.ts), or a failure with `status`. */
  function watchRenderer(answer: object | number) {
    const sent = vi.fn(async (url: string, _init: RequestInit) => {
      if (url !== '/first-screen/device') return new Response('{}')
      return typeof answer === 'number'
        ? new Response('{}', { status: answer })
        : new Response(JSON.stringify(answer))
    })
    vi.stubGlobal('fetch', sent)
    vi.stubGlobal('Worker', vi.fn())
    restore = () => vi.unstubAllGlobals()
    return sent
  }

  const earlyAnswers = () =>
    (window as unknown as Record<string, unknown>)[EARLY_ANSWERS] as {
      url: string
      body: string
      answer: Promise<Response>
    }[]
  const entry = () => document.head.querySelector('script[src="/assets/index-a.js"]')

  afterEach(() => {
    document.body.innerHTML = ''
  })

  test('shows the device in the frame once its styles are there, gives the portal the answer, then starts the portal', async () => {
    const sent = watchRenderer({
      status: 200,
      type: 'application/json; charset=utf-8',
      answer: '{"success":true,"deviceinfo":{"clientid":"c1"}}',
      html: '<h1 class="page__title">Annas iPhone</h1>',
    })
    devicePage()
    new Function(startScript())()
    // The device goes to the renderer, with exactly the body the portal sends for device/info,
    // and its styles are asked for alongside.
    const [url, init] = sent.mock.calls[1] ?? []
    expect(url).toBe('/first-screen/device')
    expect(init?.body).toBe('{"clientid":"c1","token":"token-1"}')
    expect(init?.headers).toEqual({ 'Content-Type': 'application/json', 'Accept-Language': 'de' })
    const preload = document.head.querySelector<HTMLLinkElement>('link[rel="preload"]')
    expect(preload?.getAttribute('href')).toBe('/assets/employee-b.css')
    expect(preload?.as).toBe('style')
    // The portal's code waits for the device.
    expect(entry()).toBeNull()

    // The portal finds the service's answer under the API's address, as if it had asked itself.
    const early = earlyAnswers()[1]
    expect(early?.url).toBe('/api/mdm/v2/device/info')
    const response = await early!.answer
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await response.json()).toEqual({ success: true, deviceinfo: { clientid: 'c1' } })

    // Until the styles have arrived the frame keeps its placeholders: nothing shows unstyled.
    const sheet = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]')
    expect(sheet?.getAttribute('href')).toBe('/assets/employee-b.css')
    expect(document.querySelector('#root .skeleton')).not.toBeNull()
    expect(entry()).toBeNull()
    sheet?.dispatchEvent(new Event('load'))
    expect(document.querySelector('#root > .shell[inert] > .main')?.innerHTML).toBe(
      '<h1 class="page__title">Annas iPhone</h1>',
    )
    // Once the device has painted, the portal starts.
    await vi.waitFor(() => expect(entry()).not.toBeNull())
  })

  test('the portal waits for the device, not for the first paint: 1.5 s at the most', () => {
    vi.useFakeTimers()
    // The service takes its time.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    )
    vi.stubGlobal('Worker', vi.fn())
    restore = () => vi.unstubAllGlobals()
    devicePage()
    new Function(startScript())()
    vi.advanceTimersByTime(300)
    expect(entry()).toBeNull()
    vi.advanceTimersByTime(1200)
    expect(entry()).not.toBeNull()
  })

  test('an answer that is no device leaves the frame as it is and starts the portal at once', async () => {
    watchRenderer({
      status: 401,
      type: 'application/json',
      answer: '{"success":false}',
      html: null,
    })
    devicePage()
    new Function(startScript())()
    const response = await earlyAnswers()[1]!.answer
    expect(response.status).toBe(401)
    await vi.waitFor(() => expect(entry()).not.toBeNull())
    expect(document.querySelector('#root .skeleton')).not.toBeNull()
    expect(document.head.querySelector('link[rel="stylesheet"]')).toBeNull()
  })

  test('a renderer that fails leaves the request to the portal, which starts at once', async () => {
    watchRenderer(502)
    devicePage()
    new Function(startScript())()
    await expect(earlyAnswers()[1]!.answer).rejects.toBe(502)
    await vi.waitFor(() => expect(entry()).not.toBeNull())
    expect(document.querySelector('#root .skeleton')).not.toBeNull()
  })

  test('the portal replaced the frame already: the device is not put into the page', async () => {
    watchRenderer({
      status: 200,
      type: 'application/json',
      answer: '{"success":true}',
      html: '<h1>stale</h1>',
    })
    devicePage()
    new Function(startScript())()
    document.getElementById('root')!.innerHTML =
      '<div class="shell"><main class="main">portal</main></div>'
    await earlyAnswers()[1]!.answer
    document.head.querySelector('link[rel="stylesheet"]')?.dispatchEvent(new Event('load'))
    expect(document.querySelector('main')?.textContent).toBe('portal')
    await vi.waitFor(() => expect(entry()).not.toBeNull())
  })
})
