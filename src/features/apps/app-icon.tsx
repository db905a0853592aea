import { useRef, useState } from 'react'
import type { App } from '@contract/schemas'
import { useAppIcon } from './icons'
import { appName } from '@/features/apps/catalog/catalog'
import { useInView } from '@/features/apps/catalog/use-in-view'
import './apps.css'

/** The first letters of the app's first two words ("Team Chat" → "TC"), for the placeholder. */
function initials(name: string): string {
  const words = name.split(/[^\p{L}\p{N}]+/u).filter(Boolean)
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toLocaleUpperCase()
}

/**
 * The app's icon, or a neutral placeholder with its initials while it loads, when it has none or
 * when it cannot be shown. Decorative: the app's name always stands next to it.
 */
export function AppIcon({
  app,
  size = 'small',
  near = false,
}: {
  app: App
  size?: 'small' | 'large'
  /**
   * Rendered only near the view (a card of a windowed list): the icon is asked for at once, and
   * one already loaded shows with the card, not a frame later.
   */
  near?: boolean
}) {
  const ref = useRef<HTMLSpanElement>(null)
  const inView = useInView(ref, { near })
  const url = useAppIcon(app.id, inView)
  const [broken, setBroken] = useState<string | null>(null)
  const showImage = url !== null && url !== broken
  return (
    <span ref={ref} className={`app-icon app-icon--${size}`} aria-hidden="true">
      {showImage ? (
        <img src={url} alt="" className="app-icon__image" onError={() => setBroken(url)} />
      ) : (
        <span className="app-icon__placeholder">{initials(appName(app))}</span>
      )}
    </span>
  )
}
