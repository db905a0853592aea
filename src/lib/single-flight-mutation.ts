import {
  useMutation,
  type DefaultError,
  type UseMutateFunction,
  type UseMutationOptions,
} from '@tanstack/react-query'
import { useRef } from 'react'
import { useSingleFlight } from './single-flight'

// Apart from the guard itself, so the sign-in page (which sends without TanStack Query) does
// not carry the query library.
/**
 * A mutation with the guard built in: `send` is `mutate` that drops a second call while one is
 * on its way (a double click, or Enter and a click, sends one request).
 */
export function useSingleFlightMutation<
  TData = unknown,
  TError = DefaultError,
  TVariables = void,
  TContext = unknown,
>(options: UseMutationOptions<TData, TError, TVariables, TContext>) {
  const flight = useSingleFlight()
  const settle = useRef(() => {})
  const mutation = useMutation({
    ...options,
    onSettled: (...result) => {
      settle.current()
      return options.onSettled?.(...result)
    },
  })
  const send: UseMutateFunction<TData, TError, TVariables, TContext> = (...args) =>
    flight((settled) => {
      settle.current = settled
      mutation.mutate(...args)
    })
  return { ...mutation, send }
}
