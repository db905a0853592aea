/**
 * Runs `task` once the browser is idle (where it can say so: Safari has no requestIdleCallback,
 * and there nothing runs); answers the cancel, for an effect's clean-up.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') return () => {}
  const idle = requestIdleCallback(task)
  return () => cancelIdleCallback(idle)
}
