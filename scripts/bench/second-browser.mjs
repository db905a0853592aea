/**
 * `npm run bench -- --load`: a second headless Chromium, a browser process of its own, that loads
 * the portal in a loop for the whole run (signed in, the addresses in turn, each in a fresh tab
 * until its network is idle), so anyone can check that the budgets hold on a busy machine.
 */
import { chromium } from '@playwright/test'
import { seedSession } from './transfer.mjs'

/**
 * Starts the loop over `paths` of `origin` in a Chromium started with `args` (its flags); `stop`
 * ends it and tells how many pages it loaded.
 */
export async function startSecondBrowser(chromePath, args, origin, token, paths) {
  const browser = await chromium.launch({ executablePath: chromePath, args })
  let running = true
  let loads = 0
  let failures = 0
  const loop = (async () => {
    for (let index = 0; running; index = (index + 1) % paths.length) {
      const context = await browser.newContext().catch(() => null)
      if (!context) break
      try {
        await context.addInitScript(seedSession, token)
        const page = await context.newPage()
        await page.goto(`${origin}${paths[index]}`, { waitUntil: 'networkidle', timeout: 30_000 })
        loads++
      } catch {
        failures++
      } finally {
        await context.close().catch(() => {})
      }
    }
  })()
  return {
    async stop() {
      running = false
      await loop
      await browser.close()
      return { loads, failures }
    },
  }
}
