import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { minifySync, type Plugin } from 'vite'

/**
 * Minifies the plain scripts of `public/` (theme.js, which runs before the first paint) in the
 * build, as Vite does with the bundled code: the source keeps its comments, the page loads the
 * smallest form. Runs once the files are written, before `precompress` compresses them.
 */
export function minifyPublicScripts(): Plugin {
  let publicDir = ''
  let outDir = 'dist'
  return {
    name: 'portal-minify-public-scripts',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir
      outDir = config.build.outDir
    },
    async writeBundle() {
      if (!publicDir) return
      for (const name of await readdir(publicDir)) {
        if (!name.endsWith('.js')) continue
        const { code, errors } = minifySync(name, await readFile(join(publicDir, name), 'utf8'))
        if (errors.length) throw new Error(`${name}: ${errors.map((e) => e.message).join('; ')}`)
        await writeFile(join(outDir, name), code)
      }
    },
  }
}
