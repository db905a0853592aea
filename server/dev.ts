import { createServer } from 'node:http'
import { createServer as createViteServer } from 'vite'
import { buildServer } from './app.ts'
import { brandingDress } from './pages/branding-files.ts'
import { fill } from './pages/pages.ts'
import { readConfig } from './config.ts'
import { startDemoIdentityProvider } from './demo-idp/start.ts'

/**
 * `npm run dev`: Vite's dev server with hot reload, and the portal server's own routes (the API,
 * the runtime settings, the demo outbox) on the same origin.
 */
let config = readConfig({ ...process.env, PORT: process.env.PORT ?? '5173' })
if (config.demoIdp) ({ config } = await startDemoIdentityProvider(config))
const api = await buildServer(config, { serveStatic: false })
await api.ready()
// The organisation's files in the page's head, as the built portal has them.
const { dress } = brandingDress(config.branding)
const vite = await createViteServer({
  server: { middlewareMode: true },
  appType: 'spa',
  plugins: [{ name: 'portal-branding', transformIndexHtml: (html) => fill(dress(html), 'en') }],
})

const SERVER_ROUTES = /^\/(api\/|outbox|portal-config\.json|healthz|__test\/|branding\/)/

const server = createServer((request, response) => {
  if (SERVER_ROUTES.test(request.url ?? '')) api.routing(request, response)
  else vite.middlewares(request, response)
})
server.listen(config.port, config.host === '0.0.0.0' ? 'localhost' : config.host, () => {
  console.info(`Portal (dev) on http://localhost:${config.port}`)
})
