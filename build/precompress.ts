import { readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

const TEXT = /\.(js|css|html|svg|json|webmanifest|txt|map)$/
const MIN_BYTES = 1024

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else yield path
  }
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) next to every text file of the build, so the
 * server sends the smallest form without compressing on each request.
 */
export function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'portal-precompress',
    apply: 'build',
    // The browser's files only: the server's renderer of the pages is never sent.
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = config.build.outDir
    },
    async closeBundle() {
      for await (const file of files(outDir)) {
        if (!TEXT.test(file) || file.endsWith('.map')) continue
        if ((await stat(file)).size < MIN_BYTES) continue
        const content = await readFile(file)
        await writeFile(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        )
        await writeFile(`${file}.gz`, gzipSync(content, { level: 9 }))
      }
    },
  }
}
