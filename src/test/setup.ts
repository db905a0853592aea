// First: the modules below open their channels as they load.
import './worker-channels'
import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest'
import { i18n } from '@/lib/i18n'

// The app fetches most locale files when a page needs them; components under test have them all
// (the portal's: the server's own, `server.*.json`, are no part of it, as in src/lib/i18n.ts).
const locales = import.meta.glob<object>(
  ['../../locales/*/*.json', '!../../locales/*/server.*.json'],
  { eager: true, import: 'default' },
)
for (const [path, texts] of Object.entries(locales)) {
  // A part of a namespace (`common.frame.json`) is merged into it (`common`), as the app does.
  const [, language, namespace] = /locales\/([^/]+)\/([^/.]+)[^/]*\.json$/.exec(path) ?? []
  if (language && namespace) i18n.addResourceBundle(language, namespace, texts, true, true)
}

// `findBy…` and `waitFor` wait for a condition; their 1 s default is a timed assertion that a
// busy machine breaks (a render under load takes longer), so they wait as long as a test may.
configure({ asyncUtilTimeout: 30_000 })

// jsdom lays nothing out, so it has nothing to scroll into view; nor does it open a modal dialog.
Element.prototype.scrollIntoView = () => undefined
HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
  this.open = true
}
HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
  this.open = false
}

// A unit test fails on any console.error: React warnings and swallowed errors are defects.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error: ${args.map(String).join(' ')}`)
  })
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  sessionStorage.clear()
  localStorage.clear()
})

// The test files share their modules (vite.config.ts): each leaves the next one the portal in
// English, on real timers.
afterAll(async () => {
  vi.useRealTimers()
  await i18n.changeLanguage('en')
})

// React warns of a state update outside `act()` only where `IS_REACT_ACT_ENVIRONMENT` is set (this
// setup leaves it unset: Testing Library sets it only with Vitest's globals). A file that sets it
// and leaves it set makes every router update of the files after it warn, and so throw above: in
// client-errors.test.tsx the memory router's navigations then never ended.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
let actEnvironmentAtStart: boolean | undefined
beforeAll(() => {
  actEnvironmentAtStart = actEnvironment.IS_REACT_ACT_ENVIRONMENT
})
afterAll(() => {
  expect(
    actEnvironment.IS_REACT_ACT_ENVIRONMENT,
    'the file leaves IS_REACT_ACT_ENVIRONMENT as it found it',
  ).toBe(actEnvironmentAtStart)
})
