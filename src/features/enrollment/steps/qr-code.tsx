import QRCode from 'qrcode'
import { useMemo } from 'react'

/** The empty border around the code that scanners need (four modules, per the QR standard). */
const QUIET_ZONE = 4

/** One SVG path for all dark modules: small, crisp at any size, and no HTML injection. */
export function qrPath(
  text: string,
  errorCorrectionLevel: 'L' | 'M' = 'M',
): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel })
  const parts: string[] = []
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) {
        parts.push(`M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`)
      }
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, path: parts.join('') }
}

/** A QR code of `text`, drawn as inline SVG; `label` is its accessible name. */
export function QrCode({
  text,
  label,
  className,
  errorCorrectionLevel,
}: {
  text: string
  label: string
  className?: string
  /**
   * 'L' for a long text shown on a screen, which no smudge or fold damages: fewer, larger
   * modules, which a phone's camera reads from further away.
   */
  errorCorrectionLevel?: 'L' | 'M'
}) {
  const { size, path } = useMemo(
    () => qrPath(text, errorCorrectionLevel),
    [text, errorCorrectionLevel],
  )
  return (
    <svg
      className={['qr-code', className].filter(Boolean).join(' ')}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  )
}
