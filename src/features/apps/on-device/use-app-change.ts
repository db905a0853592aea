import { useState } from 'react'
import type { App, Device } from '@contract/schemas'
import { useChangeApp } from '@/features/apps/mutations'
import type { RequestKind } from '@/features/apps/app-status'

/**
 * Installing or removing one app on one device, for the user's and the administrator's rows
 * alike: one request at a time (the mutation drops a second click), which one is on its way,
 * and the uninstall confirmation that stays open until the service accepted.
 */
export function useAppChange(
  app: Pick<App, 'id'>,
  device: Pick<Device, 'clientid'>,
  onSent: (kind: RequestKind) => void,
  /** Called as a request leaves (and not for a click that is dropped). */
  onStart?: () => void,
) {
  const change = useChangeApp()
  const [confirming, setConfirming] = useState(false)
  const send = (kind: RequestKind) => {
    if (!change.isPending) onStart?.()
    change.send(
      { kind, appId: app.id, clientId: device.clientid },
      {
        onSuccess: () => {
          setConfirming(false)
          onSent(kind)
        },
      },
    )
  }
  const sending = (kind: RequestKind) => change.isPending && change.variables.kind === kind
  return {
    change,
    send,
    sending,
    confirming,
    askToUninstall: () => {
      // An uninstall still on its way is kept: the reopened dialog waits for its answer.
      if (!change.isPending) change.reset()
      setConfirming(true)
    },
    /** Props for the UninstallDialog, with the error to show inside it. */
    uninstallDialog: (error: string | null) => ({
      open: confirming,
      pending: sending('uninstall'),
      error: confirming ? error : null,
      onConfirm: () => send('uninstall'),
      onClose: () => {
        setConfirming(false)
        if (change.isError) change.reset()
      },
    }),
  }
}
