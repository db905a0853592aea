import { CADENCES, waitInterval } from './polling'

/** When each query's current run of pending answers began, kept per query object. */
const pendingSince = new WeakMap<object, number>()

/**
 * A `refetchInterval` for TanStack Query: reads again on the command cadence while
 * `isPending(data)`, stops as soon as nothing is pending.
 */
export function pollWhilePending<T>(isPending: (data: T) => boolean, now = () => Date.now()) {
  return (query: { state: { data: T | undefined } }): number | false => {
    const data = query.state.data
    const waiting = data !== undefined && isPending(data)
    return waitInterval(pendingSince, query, waiting, CADENCES.command, now())
  }
}

/**
 * `isPending` asked once per answer (by identity): a component that reads the query asks at
 * every render, and a list of thousands of devices would be looked through at every keystroke
 * in its search. Only for a question about the data alone, nothing else that may change.
 */
export function oncePerAnswer<T extends object>(isPending: (data: T) => boolean) {
  const answers = new WeakMap<T, boolean>()
  return (data: T): boolean => {
    let pending = answers.get(data)
    if (pending === undefined) {
      pending = isPending(data)
      answers.set(data, pending)
    }
    return pending
  }
}
