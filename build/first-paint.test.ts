// @vitest-environment jsdom
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { IndexHtmlTransformContext } from 'vite'
import { PRELOADS_ID, SESSION_STORAGE_KEY } from '../contract/screens.ts'
import { FORMATS_WARM_UP, firstPaint } from './first-paint.ts'

/** The page's inline start script, as the build writes it for an entry `/assets/index-a.js`. */
function startScript(): string {
  const hook = firstPaint().transformIndexHtml
  if (!hook || typeof hook !== 'object') throw new Error('expected an ordered transform')
  const page = hook.handler.call(
    {} as ThisParameterType<typeof hook.handler>,
    '<html><head><script type="module" crossorigin src="/assets/index-a.js"></script></head><body></body></html>',
    { bundle: {} } as unknown as IndexHtmlTransformContext,
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
})

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
})
