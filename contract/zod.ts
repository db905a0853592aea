/**
 * The portal's one way to zod (the `zod/mini` build: small enough for the first pages).
 *
 * It is configured here, before any schema of ours exists: the portal's Content-Security-Policy
 * forbids eval, and without `jitless` zod probes `new Function` once; it catches the refusal, but
 * the browser still reports a CSP violation (an issue in DevTools and Lighthouse). Importing zod
 * through this module, never directly, keeps that true however the code is split into chunks.
 */
import { z } from 'zod/mini'

z.config({ jitless: true })

export { z }
