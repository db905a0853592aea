import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { decodeQrPath } from '@/test/qr-decode'
import { QrCode, qrPath } from './qr-code'

function decode(text: string): string | undefined {
  const { size, path } = qrPath(text)
  return decodeQrPath(size, path)
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
