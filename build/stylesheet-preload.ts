import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'

/** The module Vite's build wraps every dynamic import in (`__vitePreload(load, deps)`). */
export const PRELOAD_HELPER_ID = '\0vite/preload-helper.js'

const RUNTIME = fileURLToPath(new URL('./stylesheet-preload-runtime.ts', import.meta.url))

/**
 * A smaller stand-in for Vite's helper that loads a lazy chunk's stylesheets before its code
 * (`build/stylesheet-preload-runtime.ts`). Vite's helper also preloads code, which the portal's
 * build does not ask for (`modulePreload: false`), handles relative bases, CSP nonces and
 * `vite:preloadError` events, none of which the portal uses; it sits in the first script every
 * page loads, at about three times the size. Should Vite name its helper otherwise, the build
 * keeps Vite's own.
 */
export function stylesheetPreload(): Plugin {
  return {
    name: 'portal-stylesheet-preload',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id !== PRELOAD_HELPER_ID) return null
      return `export { loadWithStylesheets as __vitePreload } from ${JSON.stringify(RUNTIME)}`
    },
  }
}
