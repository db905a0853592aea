/**
 * The builds the bench compares: the portal as it ships, and the floors it is measured against,
 * small apps under bench/ (bare-react: React 19 + ReactDOM alone; stack-floor: the libraries of
 * the shell with no code of ours) built with the same Vite, React plugin and target.
 */
import react from '@vitejs/plugin-react'
import { build, createBuilder, loadConfigFromFile } from 'vite'
import { root } from '../env.mjs'

export async function buildPortal(outDir) {
  // As `vite build` does: the browser's files and the server's renderer of the drawn pages.
  const builder = await createBuilder({
    root,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  })
  await builder.buildApp()
}

/** Builds `bench/<name>` (its own index.html and main.tsx) into `outDir`. */
export async function buildFloor(name, outDir) {
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    `${root}vite.config.ts`,
    root,
    'silent',
  )
  await build({
    configFile: false,
    root: `${root}bench/${name}`,
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, target: loaded?.config.build?.target ?? 'es2022' },
  })
}
