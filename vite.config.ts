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
