import jsQR from 'jsqr'

/**
 * Reads a QR code drawn as the portal draws it (one SVG path of unit squares inside a square
 * viewBox) the way a camera would: painted into pixels, then decoded by jsQR.
 */
export function decodeQrPath(size: number, path: string): string | undefined {
  const scale = 4
  const width = size * scale
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255)
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const offset = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4
        pixels.fill(0, offset, offset + 3)
      }
    }
  }
  return jsQR(pixels, width, width)?.data
}

/** Decodes the QR code of an SVG element on the page. */
export function decodeQrSvg(svg: Element): string | undefined {
  const size = Number(svg.getAttribute('viewBox')?.split(' ')[2])
  return decodeQrPath(size, svg.querySelector('path')?.getAttribute('d') ?? '')
}
