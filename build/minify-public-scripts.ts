import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { minifySync, type Plugin } from 'vite'

/** A plain script of `public/` in its smallest form, or null when there is no such file. */
export async function minifiedPublicScript(
  publicDir: string,
  name: string,
): Promise<string | null> {
  const source = await readFile(join(publicDir, name), 'utf8').catch(() => null)
  if (source === null) return null
  const { code, errors } = minifySync(name, source)
  if (errors.length) throw new Error(`${name}: ${errors.map((e) => e.message).join('; ')}`)
  return code
}

/**
 * Minifies the plain scripts of `public/` (theme.js, which runs before the first paint) in the
 * build, as Vite does with the bundled code: the source keeps its comments, the page loads the
 * smallest form. Runs once the files are written, before `precompress` compresses them.
 *
 * The page gets such a script inline instead of as a file (`<script src="/theme.js">` becomes
 * `<script>…</script>`): a script in the head holds the first paint until it has arrived, and on
 * a phone's connection that is a round trip. The server allows exactly these inline scripts by
 * their hash in its Content-Security-Policy (server/security-headers.ts).
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
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!publicDir) return html
        const scripts = /<script src="\/([\w-]+\.js)"><\/script>/g
        let result = html
        for (const [tag, name = ''] of html.matchAll(scripts)) {
          const code = await minifiedPublicScript(publicDir, name)
          if (code === null) continue
          result = result.replace(tag, `<script>${code.trim()}</script>`)
        }
        return result
      },
    },
    async writeBundle() {
      if (!publicDir) return
      for (const name of await readdir(publicDir)) {
        if (!name.endsWith('.js')) continue
        const code = await minifiedPublicScript(publicDir, name)
        if (code !== null) await writeFile(join(outDir, name), code)
      }
    },
  }
}
