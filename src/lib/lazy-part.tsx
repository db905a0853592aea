import { lazy, type ComponentType } from 'react'
import type {
  LazyRouteFunction,
  LoaderFunction,
  RouteObject,
  ShouldRevalidateFunction,
} from 'react-router'

/**
 * The portal's code did not arrive: the browser's words for a module it could not fetch
 * (Chromium, Firefox, Safari), or Vite's for a style sheet that comes with one.
 */
const CODE_NOT_LOADED =
  /dynamically imported module|importing a module script failed|unable to preload css/i

export function isCodeNotLoaded(error: unknown): boolean {
  return error instanceof Error && CODE_NOT_LOADED.test(error.message)
}

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

/** What a route's module gives its route (src/app/routes/). */
export type RouteModule = Pick<RouteObject, 'Component' | 'loader' | 'shouldRevalidate'>

/**
 * A route's `lazy` (React Router's object form) for a module that may not arrive. React Router
 * writes what each of its properties resolves to into the route once, for the route's life: a
 * loader that resolved to nothing while the module did not come would never run again. So the
 * loader and `shouldRevalidate` then resolve to stand-ins that use the module once it is there
 * (the loader fetches it when it runs), and the component to one that throws until
 * `loadCodeAgain`.
 */
export function lazyRoute(
  load: () => Promise<RouteModule>,
  loadComponent: () => Promise<RouteModule['Component']>,
): Exclude<RouteObject['lazy'], LazyRouteFunction<RouteObject> | undefined> {
  let module: RouteModule | undefined
  const arrived = () =>
    load().then(
      (loaded) => (module = loaded),
      () => undefined,
    )
  const loader: LoaderFunction = async (args, context) => {
    const loaded = (await arrived())?.loader
    return typeof loaded === 'function' ? loaded(args, context) : null
  }
  const shouldRevalidate: ShouldRevalidateFunction = (args) =>
    module?.shouldRevalidate?.(args) ?? args.defaultShouldRevalidate
  return {
    loader: async () => ((await arrived()) ? module?.loader : loader),
    shouldRevalidate: async () => ((await arrived()) ? module?.shouldRevalidate : shouldRevalidate),
    Component: () =>
      loadComponent().then(
        (Component) => Component,
        (error: unknown) => notLoadedPart(error, loadComponent),
      ),
  }
}
