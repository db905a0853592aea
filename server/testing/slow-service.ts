import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

/** More than the loopback's buffers hold: the service's write drains only as the portal reads. */
const LARGE_PART = 24 * 1024 * 1024

export const PROFILE_START = '<?xml version="1.0"?><plist>'
export const PROFILE_END = '</plist>'

/** A request as the slow service got it: `closed` settles when its connection goes first. */
interface Arrival {
  closed: Promise<unknown>
}

/**
 * A real MDM service on a loopback port that never finishes by itself, by the path: it keeps the
 * headers back (`device/list`, or any path in the world `headers-late`), sends the headers and
 * most of a JSON answer (`device/info`, told once the portal has read it), or sends a profile's
 * start (`user/mdmprofile`), its end only when `finishProfile` is called; in the world
 * `cut-short` it breaks a profile off after its start. It accepts every token (`user/info`).
 * `arrival(key)` is the next request to `key` (the path after /api/mdm/v2/, with
 * `, headers late` in that world), once it arrived.
 */
export async function startSlowService() {
  const arrived = new Map<string, Arrival[]>()
  const waiting = new Map<string, ((arrival: Arrival) => void)[]>()
  const queue = <T>(map: Map<string, T[]>, key: string) =>
    map.get(key) ?? map.set(key, []).get(key)!
  let finishProfile = () => {}
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://service').pathname.replace('/api/mdm/v2/', '')
    const world = request.headers['x-mdm-world']
    const key = world === 'headers-late' ? `${path}, headers late` : path
    // The response's `close` before its end: the portal closed the request (or its socket).
    const closed = once(response, 'close')
    const arrive = () => {
      const waiter = queue(waiting, key).shift()
      if (waiter) waiter({ closed })
      else queue(arrived, key).push({ closed })
    }
    request.resume()
    if (path === 'user/info') {
      // A one-time link is made only for a token the service accepts.
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end('{"success":true,"errorcode":null,"errormessage":null,"data":{}}')
    } else if (world === 'headers-late') {
      request.once('end', arrive)
    } else if (world === 'cut-short') {
      // The service breaks its answer off itself: the portal's client did not leave.
      response.writeHead(200, { 'content-type': 'application/x-apple-aspen-config' })
      response.write(PROFILE_START, () => response.socket?.destroy())
    } else if (path === 'user/mdmprofile') {
      response.writeHead(200, { 'content-type': 'application/x-apple-aspen-config' })
      finishProfile = () => response.end(PROFILE_END)
      response.write(PROFILE_START, arrive)
    } else if (path === 'device/info') {
      response.writeHead(200, {
        'content-type': 'application/json',
        'content-length': String(LARGE_PART + 64),
      })
      if (response.write(`{"success":true,"data":"${'x'.repeat(LARGE_PART)}`)) arrive()
      else response.once('drain', arrive)
    } else {
      request.once('end', arrive)
    }
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('No port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    arrival: (key: string) =>
      new Promise<Arrival>((resolve) => {
        const early = queue(arrived, key).shift()
        if (early) resolve(early)
        else queue(waiting, key).push(resolve)
      }),
    finishProfile: () => finishProfile(),
    close() {
      server.closeAllConnections()
      server.close()
    },
  }
}
