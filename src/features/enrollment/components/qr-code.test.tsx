import { render, screen } from '@testing-library/react'
import jsQR from 'jsqr'
import { describe, expect, it } from 'vitest'
import { QrCode, qrPath } from './qr-code'

/** Paints the path's unit squares into pixels, the way a camera would see the code. */
function decode(text: string): string | undefined {
  const { size, path } = qrPath(text)
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

describe('QrCode', () => {
  it('draws a code that decodes to the text', () => {
    const address = 'https://portal.example.com/enroll?platform=ios&owner=personal'
    expect(decode(address)).toBe(address)
  })

  it('is an image with an accessible name', () => {
    render(<QrCode text="https://portal.example.com/enroll" label="QR code to open this page" />)
    expect(screen.getByRole('img', { name: 'QR code to open this page' })).toBeInTheDocument()
  })
})
