import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { precompress } from './build/precompress.ts'

export default defineConfig({
  plugins: [react(), precompress()],
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
    // Fewer, larger files: on a phone's connection every further file of a page costs a round
    // trip. The sign-in page needs neither group's second file (`npm run bench` checks its size).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // What every address needs first: the entry and all it imports, in one file.
              name: 'shell',
              test: /src[\\/]main\.tsx$/,
              priority: 2,
            },
            {
              // Server state and its parsing: every screen that reads the API needs all of it.
              name: 'data',
              priority: 1,
              includeDependenciesRecursively: false,
              test: /node_modules[\\/](@tanstack|zod)[\\/]|contract[\\/](zod|schemas|requests)\.|src[\\/]lib[\\/]api[\\/](client|queries[\\/])/,
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
          include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'scripts/**/*.test.mjs'],
          setupFiles: ['server/test-setup.ts'],
        },
      },
    ],
  },
})
