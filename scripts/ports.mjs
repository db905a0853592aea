import { createServer } from 'node:net'

// Below Linux's range for ports the system hands out itself (32768–60999): a port chosen here and
// released until its server starts is not taken meanwhile by a test server listening on port 0.
const LOWEST = 20_000
const HIGHEST = 32_767

function listenOn(port) {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(null))
    server.listen(port, '127.0.0.1', () => resolve(server))
  })
}

/** `count` different free ports: all are held open together, so none is handed out twice. */
export async function freePorts(count) {
  const servers = []
  while (servers.length < count) {
    const port = LOWEST + Math.floor(Math.random() * (HIGHEST - LOWEST + 1))
    const server = await listenOn(port)
    if (server) servers.push(server)
  }
  const ports = servers.map((server) => String(server.address().port))
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  return ports
}
