// @vitest-environment jsdom
import { describe, expect, test, vi } from 'vitest'
import { loadWithStylesheets } from './stylesheet-preload-runtime.ts'

function links(file: string): HTMLLinkElement[] {
  return [...document.head.querySelectorAll<HTMLLinkElement>('link')].filter((link) =>
    link.href.endsWith(file),
  )
}

/** Settles the promises that are ready (a macrotask later). */
const settle = () => new Promise((resolve) => setTimeout(resolve))

describe('a lazy chunk and its stylesheets', () => {
  test('the chunk loads once its stylesheet is there, and only the stylesheets are fetched', async () => {
    const load = vi.fn(() => Promise.resolve('screen'))
    const result = loadWithStylesheets(load, ['assets/data-a.css', 'assets/data-a.js'])
    await settle()
    expect(load).not.toHaveBeenCalled()
    const [link] = links('/assets/data-a.css')
    expect(link?.rel).toBe('stylesheet')
    // As the page's start script preloads it, so the browser uses that copy.
    expect(link?.getAttribute('crossorigin')).toBe('')
    expect(links('/assets/data-a.js')).toEqual([])

    link?.dispatchEvent(new Event('load'))
    await expect(result).resolves.toBe('screen')
    expect(load).toHaveBeenCalledOnce()
  })

  test('two screens opened at once share one stylesheet, and a later one waits for nothing', async () => {
    const first = loadWithStylesheets(() => Promise.resolve(1), ['assets/employee-b.css'])
    const second = loadWithStylesheets(() => Promise.resolve(2), ['assets/employee-b.css'])
    expect(links('/assets/employee-b.css')).toHaveLength(1)
    links('/assets/employee-b.css')[0]?.dispatchEvent(new Event('load'))
    await expect(Promise.all([first, second])).resolves.toEqual([1, 2])

    await expect(
      loadWithStylesheets(() => Promise.resolve(3), ['assets/employee-b.css']),
    ).resolves.toBe(3)
    expect(links('/assets/employee-b.css')).toHaveLength(1)
  })

  test('a stylesheet that does not arrive fails the chunk; a retry asks anew', async () => {
    const load = vi.fn(() => Promise.resolve('screen'))
    const failed = loadWithStylesheets(load, ['assets/enroll-c.css'])
    links('/assets/enroll-c.css')[0]?.dispatchEvent(new Event('error'))
    await expect(failed).rejects.toThrow('/assets/enroll-c.css')
    expect(load).not.toHaveBeenCalled()
    expect(links('/assets/enroll-c.css')).toEqual([])

    const retried = loadWithStylesheets(load, ['assets/enroll-c.css'])
    expect(links('/assets/enroll-c.css')).toHaveLength(1)
    links('/assets/enroll-c.css')[0]?.dispatchEvent(new Event('load'))
    await expect(retried).resolves.toBe('screen')
  })

  test('a chunk without stylesheets loads at once; its failure is the caller’s', async () => {
    await expect(loadWithStylesheets(() => Promise.resolve('plain'))).resolves.toBe('plain')
    const failure = new Error('chunk missing')
    await expect(loadWithStylesheets(() => Promise.reject(failure), [])).rejects.toBe(failure)
  })
})
