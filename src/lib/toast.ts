import { useSyncExternalStore } from 'react'

export interface Toast {
  id: number
  message: string
}

let toasts: readonly Toast[] = []
let nextId = 1
const listeners = new Set<() => void>()

function emit(next: readonly Toast[]) {
  toasts = next
  for (const listener of listeners) listener()
}

/** Toasts are only for background refreshes that failed while data is already on screen. */
export const toaster = {
  show(message: string) {
    if (toasts.some((toast) => toast.message === message)) return
    emit([...toasts, { id: nextId++, message }])
  },
  dismiss(id: number) {
    emit(toasts.filter((toast) => toast.id !== id))
  },
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  get: () => toasts,
}

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(toaster.subscribe, toaster.get, toaster.get)
}
