import { useCallback, useRef } from 'react'

/**
 * Firefox (and Chromium on Windows) changes a closed select on each arrow key, with a change
 * event each time, as it changes a date field on each arrow key: one choice made with the
 * keyboard passes through the options between. The changes made while the field keeps the focus
 * are one choice: `first()` says whether a change starts one (its address a new history entry)
 * or goes on with it (replacing that entry), so Back brings what was there before, not an option
 * passed on the way. A new focus, or a press of the pointer (a choice from the open list), starts
 * a new choice. `props` go on the field.
 */
export function useOneChoice() {
  const going = useRef(false)
  const restart = useCallback(() => {
    going.current = false
  }, [])
  const first = useCallback(() => {
    const starts = !going.current
    going.current = true
    return starts
  }, [])
  return { props: { onFocus: restart, onPointerDown: restart }, first }
}
