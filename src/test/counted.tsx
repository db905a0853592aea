import { memo, useLayoutEffect, type ReactNode } from 'react'

/** How often each counted part of a page rendered, by name. */
const drawn: Record<string, number> = {}

type Body<P> = (props: P) => ReactNode

/**
 * A module's component as a test mocks it in (`vi.mock` with `importOriginal`): the same body,
 * memoized as the module made it, counting under `name(props)` each render of it that React
 * commits (its own state, or its parent's props). Not a Profiler: a Profiler counts whatever
 * renders within, and a card's link renders again with every address (React Router's `Link`
 * follows the location), so it cannot tell a card drawn again from a link that followed.
 */
export function counted<P extends object>(
  name: (props: P) => string,
  component: Body<P> | { type: Body<P>; compare?: ((a: P, b: P) => boolean) | null },
) {
  const body = typeof component === 'function' ? component : component.type
  function Counted(props: P) {
    const id = name(props)
    // Without dependencies: after each committed render of this part, not of what it holds.
    useLayoutEffect(() => {
      drawn[id] = (drawn[id] ?? 0) + 1
    })
    // Called, not rendered as a child: its hooks are this part's, so its own state counts too.
    return body(props)
  }
  return typeof component === 'function' ? Counted : memo(Counted, component.compare ?? undefined)
}

/** The renders since `before` (from `drawnNow()`), of the parts that rendered at all. */
export function drawnSince(before: Readonly<Record<string, number>>): Record<string, number> {
  return Object.fromEntries(
    Object.entries(drawn)
      .map(([name, count]) => [name, count - (before[name] ?? 0)] as const)
      .filter(([, count]) => count > 0),
  )
}

export const drawnNow = () => ({ ...drawn })
