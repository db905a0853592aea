/**
 * Runs `task` once the browser is idle; where it cannot say so (Safari has no
 * requestIdleCallback), in a task of its own after the current one. Answers the cancel, for an
 * effect's clean-up.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(task)
    return () => clearTimeout(timer)
  }
  const idle = requestIdleCallback(task)
  return () => cancelIdleCallback(idle)
}
