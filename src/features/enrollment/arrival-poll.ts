/**
 * How often the install step reads the device list again while it waits for the new device:
 * every 2 s for the first half minute (an enrollment that works is done by then), every 5 s up to
 * two minutes, every 15 s up to ten, then every 30 s. Only while the page is visible.
 */
export function arrivalPollDelay(elapsedMs: number): number {
  if (elapsedMs < 30_000) return 2_000
  if (elapsedMs < 2 * 60_000) return 5_000
  if (elapsedMs < 10 * 60_000) return 15_000
  return 30_000
}
