import { lazy, type ComponentType } from 'react'

// How often the portal has asked again for code that did not arrive (see `loadCodeAgain`).
let askedAgain = 0

/**
 * Asks again for every part whose code did not arrive (the connection was lost): each loads
 * anew the next time it is drawn, which the routes' error boundary does once the connection is
 * back (route-error.tsx).
 */
export function loadCodeAgain() {
  askedAgain++
}

/**
 * A part of a page whose code comes when it is first drawn, as with React's `lazy`, which keeps
 * a failed load for good: this one loads again once `loadCodeAgain` was called after it failed.
 */
export function lazyPart<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
) {
  let failedAt: number | undefined
  const loading = () =>
    lazy(() =>
      load().catch((error: unknown) => {
        failedAt = askedAgain
        throw error
      }),
    )
  let Loading = loading()
  function LazyPart(props: Props) {
    if (failedAt !== undefined && failedAt < askedAgain) {
      failedAt = undefined
      Loading = loading()
    }
    return <Loading {...props} />
  }
  return LazyPart
}

/**
 * A part whose code did not arrive when it was first asked for (a screen's route module, see
 * router.tsx): it throws `error`, for the routes' error boundary, until `loadCodeAgain` is
 * called, then loads anew with `load` if given.
 */
export function notLoadedPart(
  error: unknown,
  load?: () => Promise<ComponentType | null | undefined>,
) {
  const failedAt = askedAgain
  const Again = load && lazyPart(async () => ({ default: (await load()) ?? nothing }))
  function NotLoaded() {
    if (!Again || askedAgain === failedAt) throw error
    return <Again />
  }
  return NotLoaded
}

const nothing = () => null
