import { PNG } from 'pngjs'

/**
 * App images: a 128×128 PNG per app, a rounded square in the app's colour with a light disc,
 * drawn here so the repository needs no binary files. Each colour is drawn once per process.
 */

const SIZE = 128
const CORNER = 28
const DISC = 30
const cache = new Map<string, Buffer>()

/** Signed distance to the rounded square's edge (negative inside), for smooth edges. */
function squareDistance(x: number, y: number): number {
  const half = SIZE / 2
  const dx = Math.abs(x - half) - (half - CORNER)
  const dy = Math.abs(y - half) - (half - CORNER)
  const outside = Math.hypot(Math.max(dx, 0), Math.max(dy, 0))
  return outside + Math.min(Math.max(dx, dy), 0) - CORNER
}

const coverage = (distance: number) => Math.min(1, Math.max(0, 0.5 - distance))

function draw([red, green, blue]: [number, number, number]): Buffer {
  const png = new PNG({ width: SIZE, height: SIZE })
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const px = x + 0.5
      const py = y + 0.5
      const disc = coverage(Math.hypot(px - SIZE / 2, py - SIZE / 2) - DISC) * 0.85
      const offset = (y * SIZE + x) * 4
      png.data[offset] = Math.round(red + (255 - red) * disc)
      png.data[offset + 1] = Math.round(green + (255 - green) * disc)
      png.data[offset + 2] = Math.round(blue + (255 - blue) * disc)
      png.data[offset + 3] = Math.round(255 * coverage(squareDistance(px, py)))
    }
  }
  return PNG.sync.write(png)
}

export function appIcon(color: [number, number, number]): Buffer {
  const key = color.join(',')
  let icon = cache.get(key)
  if (!icon) {
    icon = draw(color)
    cache.set(key, icon)
  }
  return icon
}
