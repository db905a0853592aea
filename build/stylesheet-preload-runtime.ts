/**
 * What a lazily loaded chunk needs before its code runs: its stylesheets (build/stylesheet-preload.ts).
 * Runs in the browser, in the portal's first script.
 */

/** Stylesheets asked for, by address: two screens opened at once wait for one `<link>`. */
const requested = new Map<string, Promise<void>>()

function stylesheet(href: string): Promise<void> {
  const known = requested.get(href)
  if (known) return known
  const link = document.createElement('link')
  link.rel = 'stylesheet'
  // As the page's start script preloads it (build/first-paint.ts), so the browser uses that copy.
  link.crossOrigin = ''
  link.href = href
  const loaded = new Promise<void>((resolve, reject) => {
    link.onload = () => resolve()
    link.onerror = () => {
      // Gone again, so that the screen's retry asks anew.
      link.remove()
      requested.delete(href)
      reject(new Error(`The stylesheet ${href} did not arrive`))
    }
  })
  requested.set(href, loaded)
  document.head.appendChild(link)
  return loaded
}

/**
 * Loads a chunk (`load`, its dynamic import) once the stylesheets among `deps` (paths from the
 * build's root, `assets/…`) are there, so a screen never shows unstyled; fails when one of them
 * or the chunk does not arrive. The build lists no code among `deps` (`modulePreload: false`);
 * should it, that code is left to the chunk's own imports.
 */
export function loadWithStylesheets<T>(load: () => Promise<T>, deps?: readonly string[]) {
  const sheets = (deps ?? [])
    .filter((dep) => dep.endsWith('.css'))
    .map((dep) => stylesheet(new URL(`${import.meta.env.BASE_URL}${dep}`, location.href).href))
  return Promise.all(sheets).then(load)
}
