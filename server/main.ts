import { buildServer } from './app.ts'
import { readConfig } from './config.ts'

const config = readConfig()
const app = await buildServer(config)

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down')
    void app.close().then(() => process.exit(0))
  })
}

await app.listen({ port: config.port, host: config.host })
