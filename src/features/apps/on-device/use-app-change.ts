import { useState } from 'react'
import type { App, Device } from '@contract/schemas'
import {
  useChangeOutcomes,
  useChangeTaken,
  useForgetRefusal,
  useSendChange,
} from '@/features/apps/mutations'
import type { RequestKind } from '@/features/apps/app-status'

/**
 * Installing or removing one app on one device: one request at a time, which one is on its way
 * or was refused (the tab's, so a screen or a card made anew while it travels shows it too), and
 * the uninstall confirmation that stays open until the service accepted.
 */
export function useAppChange(
  app: Pick<App, 'id'>,
  device: Pick<Device, 'clientid'>,
  /** Called as the service takes a request of the app while it is on screen. */
  onSent: (kind: RequestKind) => void,
) {
  const which = { appId: app.id, clientId: device.clientid }
  const outcome = useChangeOutcomes(device.clientid).get(app.id) ?? null
  const sendChange = useSendChange()
  const forgetRefusal = useForgetRefusal()
  const [confirming, setConfirming] = useState(false)
  useChangeTaken(device.clientid, ({ appId, kind }) => {
    if (appId !== app.id) return
    setConfirming(false)
    onSent(kind)
  })
  const send = (kind: RequestKind) => void sendChange({ ...which, kind })
  const sending = (kind: RequestKind) => outcome?.state === 'pending' && outcome.kind === kind
  return {
    outcome,
    send,
    sending,
    confirming,
    askToUninstall: () => {
      // An uninstall still on its way is kept: the reopened dialog waits for its answer.
      forgetRefusal(which)
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
        forgetRefusal(which)
      },
    }),
  }
}
