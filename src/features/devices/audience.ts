import { useSession } from '@/lib/session'

/**
 * Who reads a device's page: its owner, or the help desk acting for them. The help desk's texts
 * are the same keys with the i18next context `helpdesk` ("the owner's personal data", not
 * "your"); a key without such a variant is the same for both.
 */
export function useTextContext(): 'helpdesk' | undefined {
  return useSession().role === 'admin' ? 'helpdesk' : undefined
}
