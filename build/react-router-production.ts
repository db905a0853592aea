import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'

/**
 * What React Router defines once, as its module loads, by calls whose value is all they do: its
 * components and contexts (`forwardRef`, `createContext`, `memo`), sets, symbols and URLs.
 */
const DEFINITION =
  /^(var \w+ = )(React\d*\.(?:forwardRef|createContext|memo)\(|new (?:Set|URL)\(|Symbol\(|Object\.getOwnPropertyNames\()/gm

/**
 * Marks React Router's definitions (`DEFINITION`) as free of side effects (`@__PURE__`), and
 * drops the names it gives its components and contexts for React's developer tools
 * (`X.displayName = "X"`, which React reads only in development), so the build leaves out what
 * the portal never uses. Without this every component of the package comes along with all it
 * calls, `<Form>` with its submission code among them. Lines stay where they are, so the source
 * map still fits.
 */
export function withoutUnusedDefinitions(code: string): string {
  return code
    .replace(DEFINITION, '$1/* @__PURE__ */ $2')
    .replace(/^\w+\.displayName = "[\w.]+";$/gm, '')
}

/**
 * React Router as the portal ships it. The package ships a production build (`dist/production`:
 * the same code without its development warnings) next to the development one, but its
 * package.json sends every import to the development one (remix-run/react-router#12532,
 * #14102): the build takes the production one, without what the portal never uses
 * (`withoutUnusedDefinitions`), both in the first script every page loads. The dev server and the
 * tests keep the package as it is. Should a release lay out its files otherwise, the build takes
 * what the package names.
 */
export function reactRouterProduction(): Plugin {
  const require = createRequire(import.meta.url)
  const dir = join(dirname(require.resolve('react-router/package.json')), 'dist', 'production')
  const entry = join(dir, 'index.mjs')
  return {
    name: 'portal-react-router-production',
    apply: 'build',
    config() {
      if (!existsSync(entry)) return undefined
      return { resolve: { alias: [{ find: /^react-router$/, replacement: entry }] } }
    },
    transform: {
      filter: { id: /react-router[\\/]dist[\\/]production[\\/].*\.mjs$/ },
      handler(code) {
        return { code: withoutUnusedDefinitions(code), map: null }
      },
    },
  }
}
