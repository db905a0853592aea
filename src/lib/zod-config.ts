import { z } from 'zod/mini'

/**
 * Imported first by main.tsx, before any schema parses. The portal's Content-Security-Policy
 * forbids eval; without `jitless`, zod probes `new Function` once, and although it catches the
 * refusal, the browser still reports a CSP violation (an issue in DevTools and Lighthouse).
 */
z.config({ jitless: true })
