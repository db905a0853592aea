import '@tanstack/react-query'
import type { QueryKey } from '@tanstack/react-query'

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** The screen shows this read's failure itself (use-asked-read.ts): no toast repeats it. */
      errorShownInPlace?: boolean
    }
    mutationMeta: {
      /** Queries to refresh once the write settled; done centrally by the MutationCache. */
      invalidates?: readonly QueryKey[]
      /**
       * Queries to refresh once the write settled unless it was refused (`isRefusal`): a refusal
       * changed nothing on the service, so what it would refresh is as it was.
       */
      invalidatesUnlessRefused?: readonly QueryKey[]
    }
  }
}
