import react from '@vitejs/plugin-react'
import { dirname, join, resolve } from 'node:path'
import { build, type Plugin, type ResolvedConfig } from 'vite'
import { DEVICE_SCREEN_RENDERER } from '../contract/screens.ts'

/** The module the server renders a device's page with (server/first-screen.ts). */
const ENTRY = 'src/first-screen/device-screen.tsx'

/**
 * Once the portal is built, builds the server's renderer of a device's page from the portal's own
 * components into the build's folder (contract/screens.ts DEVICE_SCREEN_RENDERER): one file with
 * everything it needs, React's production build included, so it runs wherever the build is put.
 * The portal's settings that the components read (its defines and aliases) are the same.
 */
export function serverRender(): Plugin {
  let config: ResolvedConfig | undefined
  return {
    name: 'portal-server-render',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved
    },
    async closeBundle() {
      if (!config) return
      const outFile = join(resolve(config.root, config.build.outDir), DEVICE_SCREEN_RENDERER)
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        publicDir: false,
        plugins: [react()],
        define: { ...config.define, 'process.env.NODE_ENV': JSON.stringify('production') },
        resolve: { alias: config.resolve.alias },
        ssr: { noExternal: true },
        build: {
          ssr: ENTRY,
          outDir: dirname(outFile),
          emptyOutDir: true,
          target: 'node20',
          // Server code: readable in a stack trace, and no smaller file is wanted.
          minify: false,
          rolldownOptions: { output: { entryFileNames: '[name].js', codeSplitting: false } },
        },
      })
    },
  }
}
