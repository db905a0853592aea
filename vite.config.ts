import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { compileHints } from './build/compile-hints.ts'
import { firstPaint } from './build/first-paint.ts'
import { localeFiles } from './build/locale-files.ts'
import { moduleChunks } from './build/module-chunks.ts'
import { minifyPublicScripts } from './build/minify-public-scripts.ts'
import { precompress } from './build/precompress.ts'
import { reactRouterProduction } from './build/react-router-production.ts'
import { serverRender } from './build/server-render.ts'
import { stylesheetPreload } from './build/stylesheet-preload.ts'

/** The modules of the signed-in frame and the employee's screens (the `employee` chunk). */
const EMPLOYEE =
  /src[\\/](app[\\/](signed-in-area|routes[\\/](devices|device|apps|app|account)\.)|features[\\/](devices|apps|account)[\\/])/

export default defineConfig({
  plugins: [
    react(),
    reactRouterProduction(),
    stylesheetPreload(),
    localeFiles(fileURLToPath(new URL('./locales', import.meta.url))),
    moduleChunks(),
    compileHints(),
    firstPaint(),
    minifyPublicScripts(),
    precompress(),
    serverRender(),
  ],
  resolve: {
    alias: [
      {
        // The hook for React before 18; React 19 has it (src/lib/use-sync-external-store-shim.ts).
        find: /^use-sync-external-store\/shim$/,
        replacement: fileURLToPath(
          new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url),
        ),
      },
    ],
  },
  build: {
    target: 'es2022',
    // Written for `npm run bench` (what each chunk is made of), never announced in the files;
    // the server does not serve them either unless SERVE_SOURCE_MAPS=1.
    sourcemap: 'hidden',
    // The server reads it to announce each screen's chunks in the page (server/screen-preloads.ts).
    manifest: true,
    // No list of every lazy chunk's imports in the first file, nor the polyfill: the server
    // announces the first screen's files in the page (`<link rel=modulepreload>`), and a screen
    // opened later names the chunks it needs in its own first line, fetched side by side.
    modulePreload: false,
    // Fewer, larger files: on a phone's connection every further file of a page costs a round
    // trip. The sign-in page needs neither group's second file (`npm run bench` checks its size).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every address needs first: the entry and all it imports, in one file, with
              // the sign-in page, where nearly every visit starts (a session lives in its tab).
              name: 'shell',
              test: /src[\\/](main|app[\\/]routes[\\/]login)\.tsx$/,
              priority: 3,
            },
            {
              // Server state, its parsing, and the parts every screen after sign-in shares,
              // signed in or not (forms, dialogs, the password pages' parts). One group: split,
              // its two halves import each other, which breaks the order their code runs in.
              name: 'data',
              priority: 2,
              test: /node_modules[\\/](@tanstack|zod|react-i18next)[\\/]|contract[\\/](zod|schemas|requests)\.|src[\\/](lib[\\/]|components[\\/]|features[\\/]password[\\/]|app[\\/]query-)/,
            },
            {
              // The signed-in frame and the employee's screens, which share most of their code:
              // one file instead of a score of small ones, each a round trip on a phone. The map
              // (Leaflet) stays apart: only a device with a location shows it.
              name: 'employee',
              priority: 1,
              test: (id) => EMPLOYEE.test(id) && !id.includes('location-map'),
            },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // Real sockets, scrypt and child processes: slower than 5 s on a busy machine.
          testTimeout: 15_000,
          include: [
            'server/**/*.test.ts',
            'contract/**/*.test.ts',
            'build/**/*.test.ts',
            'scripts/**/*.test.mjs',
          ],
          setupFiles: ['server/test-setup.ts'],
        },
      },
    ],
  },
})
