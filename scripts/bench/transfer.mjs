/**
 * The JavaScript and CSS a route needs before it is usable, measured in real Chromium: open the
 * route in a fresh tab (signed in where it needs it, or handed the session by another tab), wait
 * until its main heading shows (on a sign-in form: until the form takes typing) and the network
 * is idle, and compress every script and stylesheet it loaded ourselves (gzip 9, brotli 11), so
 * the figure does not depend on what the server happens to compress.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/**
 * Puts the token (and a help desk session's role) where the portal's sign-in leaves them, before
 * any script of the page runs.
 */
export function seedSession(token, role) {
  try {
    if (location.origin === 'null') return
    sessionStorage.setItem('mdm.session', token)
    if (role) sessionStorage.setItem('mdm.session.role', role)
  } catch {
    // about:blank has no storage; the real page comes next.
  }
}

export function compressedSizes(body) {
  return {
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }).length,
  }
}

function kindOf(response) {
  const type = response.headers()['content-type'] ?? ''
  const path = new URL(response.url()).pathname
  if (type.includes('javascript') || path.endsWith('.js') || path.endsWith('.mjs')) return 'js'
  if (type.includes('text/css') || path.endsWith('.css')) return 'css'
  return null
}

const empty = () => ({ files: [], raw: 0, gzip: 0, brotli: 0 })

/**
 * Runs in the page: whether the first text field of the main area (or, without one, of the page)
 * takes typing now: it is shown, enabled, not read-only and not inside an inert or hidden part.
 * (It is not focused: a sign-in form may fetch more code when a field is first focused, which is
 * not needed to type.)
 */
export function takesTyping() {
  // A hidden or read-only field (a reset form's account, for the password manager) takes none.
  const text =
    'input:not([type="hidden"]):not([type="checkbox"]):not([type="radio"]):not([hidden]):not([readonly])'
  const field = document.querySelector(`main ${text}`) ?? document.querySelector(text)
  if (!field || field.disabled || field.readOnly) return false
  if (field.closest('[inert], [aria-hidden="true"], [hidden]')) return false
  const box = field.getBoundingClientRect()
  return box.width > 0 && box.height > 0 && getComputedStyle(field).visibility === 'visible'
}

/**
 * Loads `url` in a new context of `browser` and sums what it fetched, by kind. `token`: the tab
 * has the session; `holder`: another tab, opened first at that address with the session, hands it
 * over (a link opened in a new tab). `form`: the route is usable once its form takes typing; the
 * time that took (from navigation start, in this unthrottled browser) is returned as `typingMs`.
 */
export async function measureTransfer(browser, url, { token, holder, form = false } = {}) {
  const context = await browser.newContext()
  if (holder) {
    const other = await context.newPage()
    await other.addInitScript(seedSession, token)
    await other.goto(holder, { waitUntil: 'networkidle' })
  } else if (token) {
    await context.addInitScript(seedSession, token)
  }
  const page = await context.newPage()
  const bodies = new Map()
  page.on('response', (response) => {
    const kind = kindOf(response)
    if (kind && response.ok() && !bodies.has(response.url())) {
      bodies.set(response.url(), { kind, body: response.body().catch(() => null) })
    }
  })
  try {
    await page.goto(url, { waitUntil: form ? 'commit' : 'networkidle' })
    let typingMs = null
    if (form) {
      await page.waitForFunction(takesTyping, null, { timeout: 30_000, polling: 10 })
      typingMs = Math.round(await page.evaluate(() => performance.now()))
    }
    await page.locator('h1').first().waitFor({ state: 'visible', timeout: 30_000 })
    await page.waitForLoadState('networkidle')
    const heading = (await page.locator('h1').first().textContent())?.trim() ?? ''
    const totals = { js: empty(), css: empty() }
    // Scripts and styles in the page itself (the theme's script, the first styles) count as its
    // JavaScript and CSS.
    const inline = await page.evaluate(() =>
      [...document.querySelectorAll('script:not([src]), style')].map((element) => ({
        kind: element.localName === 'style' ? 'css' : 'js',
        code: element.textContent ?? '',
      })),
    )
    inline.forEach(({ kind, code }, index) =>
      bodies.set(`${url}#inline-${kind}-${index + 1}`, { kind, body: Buffer.from(code) }),
    )
    for (const [fileUrl, { kind, body }] of bodies) {
      const buffer = await body
      if (!buffer) continue
      const sizes = compressedSizes(buffer)
      const total = totals[kind]
      total.files.push({ path: new URL(fileUrl).pathname, ...sizes })
      total.raw += sizes.raw
      total.gzip += sizes.gzip
      total.brotli += sizes.brotli
    }
    return { heading, typingMs, ...totals }
  } finally {
    await context.close()
  }
}
