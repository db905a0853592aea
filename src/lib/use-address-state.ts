import { useCallback, useDeferredValue, useEffect, useEffectEvent, useRef, useState } from 'react'
import { useLocation, useNavigate, useNavigationType, useSearchParams } from 'react-router'

/** Marks the history entries a screen wrote itself from the state it mirrors into the address. */
const WRITTEN = 'addressStateWritten'

function writtenHere(state: unknown): boolean {
  return typeof state === 'object' && state !== null && WRITTEN in state
}

/**
 * A screen's state that the address mirrors (a search's `?q=`, a list's filters), so it can be
 * shared and Back undoes it. The screen's own state is what its fields show: typing never waits
 * for a navigation and never loses a letter. The router's updates render as transitions, so the
 * address of an earlier keystroke may arrive while the next ones are typed; read back, it would
 * set the field back to it. So the address is read back only when it changed from outside (Back,
 * Forward, a link), and written from the state after the keystroke's paint, in a deferred render,
 * replacing the entry (Back skips keystrokes). `set(next, { push: true })` adds an entry at once,
 * for a change Back should undo (a filter, a device chosen). The entry's own router state (a
 * notice shown after a deletion) is kept. `set` keeps its identity from render to render, so a
 * memoized field given a callback made with it is not drawn again when the address follows.
 */
export function useAddressState<T>(
  read: (address: URLSearchParams) => T,
  write: (value: T) => URLSearchParams,
) {
  const [searchParams] = useSearchParams()
  const location = useLocation()
  const navigationType = useNavigationType()
  const [value, setValue] = useState(() => read(searchParams))
  const [seenKey, setSeenKey] = useState(location.key)
  if (location.key !== seenKey) {
    setSeenKey(location.key)
    if (navigationType === 'POP' || !writtenHere(location.state)) setValue(read(searchParams))
  }

  // The entry's router state, read when the address is written rather than captured by `set`:
  // `set` stays the same function while the entries of the keystrokes replace one another.
  const entryState = useRef<unknown>(location.state)
  useEffect(() => {
    entryState.current = location.state
  }, [location.state])
  const navigateTo = useNavigate()
  const navigate = useCallback(
    (address: URLSearchParams, replace: boolean) => {
      const state = entryState.current
      void navigateTo(`?${address.toString()}`, {
        replace,
        preventScrollReset: true,
        state: { ...(typeof state === 'object' ? state : {}), [WRITTEN]: true },
      })
    },
    [navigateTo],
  )

  // The address last written or read: a value the address already holds is not written again.
  const written = useRef<string | null>(null)
  const deferred = useDeferredValue(value)
  // Only a settled value is written: while the deferred one lags behind a value read from the
  // address (Back), writing it would put the old one back.
  const settled = deferred === value ? write(value).toString() : null
  const writeSettled = useEffectEvent((address: string) => {
    if (address === written.current) return
    written.current = address
    if (address !== write(read(searchParams)).toString())
      navigate(new URLSearchParams(address), true)
  })
  useEffect(() => {
    if (settled !== null) writeSettled(settled)
  }, [settled])

  const set = useCallback(
    (next: T, { push = false }: { push?: boolean } = {}) => {
      setValue(next)
      if (!push) return
      const address = write(next)
      written.current = address.toString()
      navigate(address, false)
    },
    [navigate, write],
  )
  return [value, set] as const
}
