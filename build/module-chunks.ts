import { relative } from 'node:path'
import type { Plugin } from 'vite'
import { MODULE_CHUNKS_FILE } from '../contract/screens.ts'

/**
 * Writes which file of the build each of the project's modules ended up in
 * (`{"src/app/routes/devices.tsx": "assets/employee-….js"}`). Vite's manifest names a module only
 * when it is a chunk of its own; a screen grouped into a shared chunk (vite.config.ts) is found
 * here, so the server can still announce its files in the page (server/screen-preloads.ts).
 */
export function moduleChunks(): Plugin {
  let root = ''
  return {
    name: 'portal-module-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    generateBundle(_options, bundle) {
      const chunks: Record<string, string> = {}
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue
        for (const id of output.moduleIds) {
          const path = relative(root, id).split('\\').join('/')
          if (!path.startsWith('..') && !path.includes('node_modules') && !id.startsWith('\0')) {
            chunks[path] = output.fileName
          }
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: MODULE_CHUNKS_FILE,
        source: `${JSON.stringify(chunks, null, 2)}\n`,
      })
    },
  }
}
