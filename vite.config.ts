import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import { precompress } from './build/precompress.ts'
import { FRESH_MODULES } from './scripts/fresh-modules.mjs'

/**
 * Test files share the modules of their worker with the files run before them (`isolate: false`),
 * which makes the unit tests about three times as fast (120 s to 40–50 s on two cores): each file
 * would otherwise set up jsdom and import React, the router and zod anew. The files that mock a
 * module or watch one load (scripts/fresh-modules.mjs) run apart, each with its modules anew.
 */
type Project = Omit<NonNullable<TestProjectInlineConfiguration['test']>, 'name'> & {
  name: keyof typeof FRESH_MODULES
}

/** A project whose files share their modules, and the same project for its files in the list. */
function withFreshModules(project: Project): TestProjectInlineConfiguration[] {
  const fresh = FRESH_MODULES[project.name]
  const shared: TestProjectInlineConfiguration = {
    extends: true,
    test: { ...project, isolate: false, exclude: [...configDefaults.exclude, ...fresh] },
  }
  if (fresh.length === 0) return [shared]
  return [
    shared,
    {
      extends: true,
      test: { ...project, name: `${project.name} (fresh modules)`, include: fresh },
    },
  ]
}

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    // `@/` is src/ and `@contract/` is contract/, as tsconfig.json's `paths` say.
    tsconfigPaths: true,
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
    // The server reads it to list each page's code and styles in the page (server/pages/pages.ts).
    manifest: true,
  },
  // `vite build` builds the browser's files, then the server's renderer of the pages.
  builder: {},
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // The browser's chunks export only what other chunks import (required by the inlining
          // below); the server's renderer keeps its entry's exports.
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              // A small piece that several screens share is copied into each of them rather than
              // fetched as a file of its own (Rolldown keeps one state of each module): a device's
              // page opened in a new tab needs 19 files instead of 42 (docs/architecture.md, "First page").
              // Pieces with styles stay files: Vite would emit their styles once per copy.
              experimentalInlineCommonChunks: { maxSize: 16 * 1024, exclude: /\.css(\?|$)/ },
              groups: [
                // What every page starts with comes in one file rather than dozens of small ones.
                { name: 'start', test: /node_modules/, tags: ['$initial'] },
                { name: 'shell', test: /\/(src|contract)\/(?!main\.tsx)/, tags: ['$initial'] },
                // What the screens that read the service share (the sign-in page has neither):
                // one file rather than a piece of each library per screen.
                {
                  name: 'data',
                  test: /node_modules\/(@tanstack\/(query-core|react-query)|zod)\//,
                },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        ssr: 'src/app/render-page.tsx',
        // Inside the build's folder, beside the browser's files, but never served: the server
        // serves no hidden folder.
        emptyOutDir: false,
        copyPublicDir: false,
        manifest: false,
        sourcemap: false,
        rolldownOptions: {
          output: {
            entryFileNames: '.server/[name].js',
            chunkFileNames: '.server/[name]-[hash].js',
          },
        },
      },
    },
  },
  test: {
    // A worker per core (Vitest keeps one core free by default): most tests wait on sockets,
    // timers and scrypt rather than compute, and on a 2-core machine this halves the run.
    maxWorkers: '100%',
    // A timeout only catches a test that hangs; a test waits on conditions, never on time, so on a
    // machine busy enough to run it ten times slower it must still pass. (jsdom renders with
    // user-event take over 5 s there, Vitest's default.)
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      ...withFreshModules({
        name: 'web',
        environment: 'jsdom',
        include: ['src/**/*.test.{ts,tsx}'],
        setupFiles: ['src/test/setup.ts'],
      }),
      ...withFreshModules({
        name: 'server',
        environment: 'node',
        include: [
          'server/**/*.test.ts',
          'contract/**/*.test.ts',
          'build/**/*.test.ts',
          'scripts/**/*.test.mjs',
        ],
        setupFiles: ['server/testing/test-setup.ts'],
        globalSetup: ['server/testing/pglite-template.ts'],
      }),
    ],
  },
})
