import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { precompress } from './build/precompress.ts'

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    target: 'es2022',
    sourcemap: true,
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
              test: /node_modules[\\/](@tanstack|zod)[\\/]|src[\\/]lib[\\/](zod|api[\\/](client|schemas|requests|queries[\\/]))/,
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
          include: ['server/**/*.test.ts'],
          setupFiles: ['server/test-setup.ts'],
        },
      },
    ],
  },
})
