import '@tanstack/react-query'
import type { QueryKey } from '@tanstack/react-query'

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** Queries to refresh once the write settled; done centrally by the MutationCache. */
      invalidates?: readonly QueryKey[]
    }
  }
}
