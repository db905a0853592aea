/**
 * What assistive technology finds in a live region: its text without what is hidden from it
 * (`aria-hidden`), as a screen reader would speak it.
 */
export function spoken(region: HTMLElement): string {
  const copy = region.cloneNode(true) as HTMLElement
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove()
  return (copy.textContent ?? '').trim()
}

/** The live regions that speak the words (what is hidden from screen readers left out). */
export const speaking = (words: string) =>
  [...document.querySelectorAll<HTMLElement>('[role=status], [role=alert]')].filter((region) =>
    spoken(region).includes(words),
  )
