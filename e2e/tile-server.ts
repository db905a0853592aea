/**
 * A map tile server for the journeys, which have no internet: every tile is the same small PNG
 * (drawn here), at /tiles/{z}/{x}/{y}.png. The portals under test get it as MAP_TILE_URL.
 */
import { createServer } from 'node:http'
import { PNG } from 'pngjs'

function tile(): Buffer {
  const png = new PNG({ width: 256, height: 256 })
  for (let y = 0; y < 256; y++) {
    for (let x = 0; x < 256; x++) {
      const index = (y * 256 + x) * 4
      // Pale land with a street grid, so a screenshot shows a map-like surface.
      const street = x % 64 < 4 || y % 64 < 4
      png.data[index] = street ? 255 : 236
      png.data[index + 1] = street ? 255 : 232
      png.data[index + 2] = street ? 255 : 220
      png.data[index + 3] = 255
    }
  }
  return PNG.sync.write(png)
}

const body = tile()
const port = Number(process.env.PORT ?? 0)
createServer((request, response) => {
  if (/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(request.url ?? '')) {
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'no-store' })
    response.end(body)
    return
  }
  response.writeHead(request.url === '/healthz' ? 200 : 404, { 'content-type': 'text/plain' })
  response.end(request.url === '/healthz' ? 'ok' : 'not found')
}).listen(port, '127.0.0.1')
