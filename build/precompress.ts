import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

/** The text files of the build (source maps aside: served, if at all, as they are). */
const TEXT = /\.(js|css|html|svg|json|webmanifest|txt)$/

/** Writes `.br` (quality 11, the default) and `.gz` (level 9) of each text file from 1 KB. */
export function precompress(): Plugin {
  return {
    name: 'portal-precompress',
    apply: 'build',
    // The browser's files only: the server's renderer of the pages is never sent.
    applyToEnvironment: (environment) => environment.name === 'client',
    async closeBundle() {
      const { outDir } = this.environment.config.build
      for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !TEXT.test(entry.name)) continue
        const file = join(entry.parentPath, entry.name)
        const content = await readFile(file)
        if (content.length < 1024) continue
        await writeFile(`${file}.br`, brotliCompressSync(content))
        await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }))
      }
    },
  }
}
