import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'

/** V8's explicit compile hint: compile every function of the file while it downloads. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n'

/**
 * Whether a chunk's code runs as a page starts: the shared groups (vite.config.ts) and each
 * screen's own chunk (`src/app/routes/…`), not the parts a screen fetches for one feature later
 * (the map, Microsoft sign-in).
 */
export function runsOnLoad(chunk: { name: string; facadeModuleId: string | null }): boolean {
  return (
    ['shell', 'data', 'employee'].includes(chunk.name) ||
    /[\\/]src[\\/]app[\\/]routes[\\/][^\\/]+\.tsx$/.test(chunk.facadeModuleId ?? '')
  )
}

/**
 * Puts the hint on the first line of a written script, and moves its source map (when there is
 * one) down a line with it.
 */
export function addHint(file: string): void {
  writeFileSync(file, COMPILE_HINT + readFileSync(file, 'utf8'))
  const mapFile = `${file}.map`
  if (!existsSync(mapFile)) return
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { mappings: string }
  map.mappings = `;${map.mappings}`
  writeFileSync(mapFile, JSON.stringify(map))
}

/**
 * Marks the code a page runs as it starts with V8's compile hint (Chromium 136 and later), so the
 * browser compiles its functions on a background thread while the file streams in. Without it
 * V8 compiles each function on first call, on the main thread, inside the one long task that
 * runs the file: a third of that task for the shell and the data layer (measured in Chromium).
 * Other engines read a comment. V8 heeds it only on a file's first line, so it goes on once the
 * files are written (after minification, which drops comments, and after Vite's own first line).
 */
export function compileHints(): Plugin {
  return {
    name: 'portal-compile-hints',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist'
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk' && runsOnLoad(output)) addHint(join(dir, output.fileName))
      }
    },
  }
}
