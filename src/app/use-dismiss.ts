import { useEffect, type RefObject } from 'react'

/**
 * A menu that Escape and a click or tap outside close, as every menu does. `inside` are the
 * elements that belong to it (its button among them); Escape puts focus back on `toggle`.
 */
export function useDismiss(
  open: boolean,
  close: () => void,
  inside: readonly RefObject<HTMLElement | null>[],
  toggle: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    if (!open) return
    const outside = (event: PointerEvent) => {
      const target = event.target
      if (!(target instanceof Node)) return
      if (inside.some((ref) => ref.current?.contains(target))) return
      close()
    }
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      close()
      toggle.current?.focus()
    }
    document.addEventListener('pointerdown', outside)
    document.addEventListener('keydown', escape)
    return () => {
      document.removeEventListener('pointerdown', outside)
      document.removeEventListener('keydown', escape)
    }
    // The refs are stable; `close` may be a new function each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open])
}
