import type { Page } from '@playwright/test'

/**
 * Records, from the page's start, every layout shift in its header and main content that no
 * input caused, with the elements that moved (`0.0601 section.page-section, …`). The returned
 * function reads them.
 */
export async function watchLayoutShifts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const shifts: string[] = []
    Object.assign(window, { shifts })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
        sources: { node?: Node }[]
      })[]) {
        const moved = entry.sources.filter((source) =>
          (source.node instanceof Element ? source.node : source.node?.parentElement)?.closest(
            'main, header',
          ),
        )
        if (entry.hadRecentInput || moved.length === 0) continue
        const nodes = moved.map((source) =>
          source.node instanceof Element
            ? `${source.node.localName}.${source.node.className}`
            : source.node?.nodeName,
        )
        shifts.push(`${entry.value.toFixed(4)} ${nodes.join(', ')}`)
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
  return () => page.evaluate(() => (window as unknown as { shifts: string[] }).shifts)
}
