/**
 * What a journey does on a page, the same in every engine: find by role and accessible name,
 * label or text (with Testing Library's queries, run in the page), click, type, choose, wait for
 * what the page shows, and run axe. Every wait is on a condition, up to a deadline.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import { PNG } from 'pngjs'

const require = createRequire(import.meta.url)
const TESTING_LIBRARY = readFileSync(
  require.resolve('@testing-library/dom/dist/@testing-library/dom.umd.min.js'),
  'utf8',
)
const AXE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

/** A busy machine answers late: waits are on conditions, this is only where they give up. */
const TIMEOUT_MS = 60_000
/**
 * A page's code compiled afresh by a browser at a load of 30 on two cores took over a minute to
 * take the page over: opening a page gives up later than a question about the page does.
 */
const PAGE_TIMEOUT_MS = 120_000

/**
 * A query, as Testing Library's: `{ role, name, level }`, `{ label }` or `{ text }` (whole text of
 * an element; `exact: false` for a part, any case). `name` and `text` may be RegExps.
 * `within` is a query for the element to search in (a dialog, a card).
 */
function serialize(query) {
  if (!query) return null
  const value = (v) => (v instanceof RegExp ? { re: v.source, flags: v.flags } : v)
  return {
    ...query,
    name: value(query.name),
    text: value(query.text),
    label: value(query.label),
    within: serialize(query.within),
  }
}

function describe(query) {
  const own = query.role
    ? `${query.role} "${query.name ?? ''}"`
    : query.label
      ? `field "${query.label}"`
      : `text "${query.text}"`
  return query.within ? `${own} in ${describe(query.within)}` : own
}

/** Runs in the page: the first visible element the query names, 'inject' without the library. */
function locate(query) {
  const library = window.TestingLibraryDom
  if (!library) return 'inject'
  const value = (v) => (v && typeof v === 'object' ? new RegExp(v.re, v.flags) : v)
  const visible = (element) =>
    element.checkVisibility ? element.checkVisibility() : element.getClientRects().length > 0
  const find = (q) => {
    const scope = q.within ? find(q.within) : document.body
    if (!scope) return null
    const options = { exact: q.exact ?? true }
    let found
    if (q.role) {
      found = library.queryAllByRole(scope, q.role, {
        ...(q.name !== undefined ? { name: value(q.name) } : {}),
        ...(q.level ? { level: q.level } : {}),
      })
    } else if (q.label !== undefined) {
      found = library.queryAllByLabelText(scope, value(q.label), options)
    } else {
      found = library.queryAllByText(scope, value(q.text), options)
    }
    return found.find(visible) ?? null
  }
  return find(query)
}

async function deadline(what, attempt, timeoutMs = TIMEOUT_MS) {
  const end = Date.now() + timeoutMs
  for (;;) {
    let last
    try {
      last = await attempt()
    } catch (error) {
      // The page went on to another document mid-question: ask the new one.
      last = { done: false, why: ` (${error instanceof Error ? error.message : error})` }
    }
    if (last.done) return last.value
    if (Date.now() > end)
      throw new Error(`Waited ${timeoutMs / 1000} s for ${what}${last.why ?? ''}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The journey's hands on the browser's current tab, with the portal at `baseURL`. */
export function pageOf(browser, baseURL) {
  const tab = () => browser.tab()

  async function query(q) {
    const serialized = serialize(q)
    let found = await tab().evaluate(locate, serialized)
    if (found === 'inject') {
      await tab().run(TESTING_LIBRARY)
      found = await tab().evaluate(locate, serialized)
    }
    return found === 'inject' ? null : found
  }

  const ui = {
    browser,
    baseURL,
    /**
     * Opens `path` and waits until the portal has taken over the page the server drew (its root
     * is inert until then); a page without the portal (the outbox) is ready when it is there.
     */
    goto: async (path, { timeoutMs = PAGE_TIMEOUT_MS } = {}) => {
      await tab().goto(new URL(path, baseURL).href)
      await deadline(
        'the portal to take over the page',
        async () => ({
          done: await tab().evaluate(
            () => document.readyState !== 'loading' && !document.querySelector('#root[inert]'),
          ),
        }),
        timeoutMs,
      )
    },
    url: () => tab().url(),
    evaluate: (fn, ...args) => tab().evaluate(fn, ...args),
    /** The element the query names, once it is there and visible. */
    find: (q) =>
      deadline(describe(q), async () => {
        const element = await query(q)
        return { done: Boolean(element), value: element }
      }),
    /** Waits until the query names nothing visible. */
    gone: (q) => deadline(`${describe(q)} to go`, async () => ({ done: !(await query(q)) })),
    see: async (q) => {
      await ui.find(q)
    },
    click: async (q) => tab().click(await ui.find(q)),
    /** Types into a field, replacing what it held. */
    fill: async (q, text) => {
      const field = await ui.find(q)
      await tab().selectAll(field)
      await tab().type(field, text)
    },
    /** Chooses the option with `value` in a select, once the select offers it. */
    choose: async (q, value) => {
      const select = await ui.find(q)
      await deadline(`the option ${value} in ${describe(q)}`, async () => ({
        done: await tab().evaluate(
          (element, wanted) => [...element.options].some((option) => option.value === wanted),
          select,
          value,
        ),
      }))
      await tab().choose(select, value)
    },
    press: (key) => tab().press(key),
    /** Waits until the page shows `text` (visible text, any element). */
    seeText: (text) =>
      deadline(`the text "${text}"`, async () => ({
        done: await tab().evaluate(
          (wanted) => (document.body?.innerText ?? '').includes(wanted),
          text,
        ),
      })),
    waitUrl: (pattern) =>
      deadline(`an address like ${pattern}`, async () => {
        const url = await tab().url()
        return { done: pattern.test(url), why: ` (at ${url})` }
      }),
    /** Waits until `fn` (run in the page with `args`) returns something true; returns it. */
    waitFor: (what, fn, ...args) =>
      deadline(what, async () => {
        const value = await tab().evaluate(fn, ...args)
        return { done: Boolean(value), value }
      }),
    /**
     * The colour the browser drew at each point `[x, y]` (CSS pixels of the viewport) as `#rrggbb`:
     * what the user sees, whatever the style sheets asked for.
     */
    colorsAt: async (points) => {
      const dir = mkdtempSync(join(tmpdir(), 'portal-shot-'))
      try {
        await tab().screenshot(join(dir, 'shot.png'))
        const png = PNG.sync.read(readFileSync(join(dir, 'shot.png')))
        const scale = png.width / (await tab().evaluate(() => window.innerWidth))
        return points.map(([x, y]) => {
          const at = (Math.round(y * scale) * png.width + Math.round(x * scale)) * 4
          const hex = [0, 1, 2].map((i) => png.data[at + i].toString(16).padStart(2, '0'))
          return `#${hex.join('')}`
        })
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
    /** The text of the file the browser saved as `name`, once it is there. */
    downloaded: async (name) => {
      const path = join(browser.downloadsDir, name)
      await deadline(`the download ${name}`, async () => ({
        done: existsSync(path) && browser.downloaded().includes(name),
        why: ` (saved: ${browser.downloaded().join(', ') || 'nothing'})`,
      }))
      return readFileSync(path, 'utf8')
    },
    /**
     * Runs axe (WCAG 2.2 A and AA) on the page as it is and fails on any violation. With a modal
     * dialog open, the dialog alone is checked: the page behind it is inert.
     */
    expectAccessible: async () => {
      const loaded = await tab().evaluate(() => Boolean(window.axe))
      if (!loaded) await tab().run(AXE)
      const violations = await tab().evaluate(async () => {
        const dialog = document.querySelector('dialog[open]')
        const results = await window.axe.run(dialog ? { include: ['dialog[open]'] } : document, {
          runOnly: {
            type: 'tag',
            values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'],
          },
        })
        return results.violations.map(
          (violation) =>
            `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes
              .map((node) => node.target.join(' '))
              .join('\n  ')}`,
        )
      })
      if (violations.length > 0) {
        throw new Error(`axe violations on ${await tab().url()}:\n${violations.join('\n')}`)
      }
    },
  }
  return ui
}
