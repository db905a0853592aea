/**
 * Draws the portal's app icons (public/icons/) from the shape of public/favicon.svg: a phone on
 * the brand colour. Run it after changing the brand: `node scripts/make-icons.mjs`.
 * "any" icons keep the rounded square; "maskable" ones fill the square and keep the phone within
 * the safe zone (the inner 80 %), since the launcher cuts its own shape out of them.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { PNG } from 'pngjs'

const BRAND = [0x1f, 0x4e, 0x8c]
const WHITE = [0xff, 0xff, 0xff]
const SAMPLES = 4

/** Signed distance from a point to a rounded rectangle (negative inside). */
function roundedRect(x, y, left, top, width, height, radius) {
  const qx = Math.abs(x - (left + width / 2)) - (width / 2 - radius)
  const qy = Math.abs(y - (top + height / 2)) - (height / 2 - radius)
  const outside = Math.hypot(Math.max(qx, 0), Math.max(qy, 0))
  return outside + Math.min(Math.max(qx, qy), 0) - radius
}

/** The favicon's picture in its 32-unit square: what colour, if any, a point has. */
function colourAt(x, y, { fullBleed, scale }) {
  // The phone is drawn around the centre, smaller for maskable icons.
  const px = (x - 16) / scale + 16
  const py = (y - 16) / scale + 16
  const phone = roundedRect(px, py, 10, 5, 12, 22, 2.5)
  if (Math.abs(phone) <= 1 || Math.hypot(px - 16, py - 23) <= 1.3) return WHITE
  const background = fullBleed ? -1 : roundedRect(x, y, 0, 0, 32, 32, 7)
  return background <= 0 ? BRAND : null
}

function draw(size, options) {
  const png = new PNG({ width: size, height: size })
  for (let row = 0; row < size; row++) {
    for (let column = 0; column < size; column++) {
      let red = 0
      let green = 0
      let blue = 0
      let alpha = 0
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = ((column + (sx + 0.5) / SAMPLES) / size) * 32
          const y = ((row + (sy + 0.5) / SAMPLES) / size) * 32
          const colour = colourAt(x, y, options)
          if (!colour) continue
          red += colour[0]
          green += colour[1]
          blue += colour[2]
          alpha++
        }
      }
      const index = (row * size + column) * 4
      png.data[index] = alpha ? Math.round(red / alpha) : 0
      png.data[index + 1] = alpha ? Math.round(green / alpha) : 0
      png.data[index + 2] = alpha ? Math.round(blue / alpha) : 0
      png.data[index + 3] = Math.round((alpha / SAMPLES ** 2) * 255)
    }
  }
  return PNG.sync.write(png)
}

const folder = new URL('../public/icons/', import.meta.url)
mkdirSync(folder, { recursive: true })
const icons = {
  'icon-192.png': draw(192, { fullBleed: false, scale: 1 }),
  'icon-512.png': draw(512, { fullBleed: false, scale: 1 }),
  'maskable-192.png': draw(192, { fullBleed: true, scale: 0.8 }),
  'maskable-512.png': draw(512, { fullBleed: true, scale: 0.8 }),
  // iOS rounds the corners itself and shows transparency as black.
  'apple-touch-icon.png': draw(180, { fullBleed: true, scale: 0.85 }),
}
for (const [name, data] of Object.entries(icons)) writeFileSync(new URL(name, folder), data)
console.log(`Wrote ${Object.keys(icons).join(', ')} to public/icons/`)
