import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Glyph } from './icons'

/** "All devices", with an arrow, above a page's title: the way back to the list the page belongs to. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="back-link">
      <Link to={to}>
        <Glyph name="back" />
        {children}
      </Link>
    </p>
  )
}
