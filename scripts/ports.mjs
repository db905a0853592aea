import { createServer } from 'node:net'

function listenAnywhere() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve(server))
  })
}

/** `count` different free ports: all are held open together, so none is handed out twice. */
export async function freePorts(count) {
  const servers = await Promise.all(Array.from({ length: count }, listenAnywhere))
  const ports = servers.map((server) => String(server.address().port))
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  return ports
}
