import type { DeviceCommand } from '@/entities/device/commands'
import { useDeviceCommand } from '@/entities/device/use-device-command'
import { ActionError } from './action-error'
import type { ActionDialogProps } from './dialog-props'

/**
 * What every device action dialog shares: one command in flight at most, the service's refusal
 * shown inside the dialog, and on acceptance the page told and the dialog closed (with its
 * form reset). Spread `dialogProps` onto the ConfirmDialog.
 */
export function useCommandDialog(
  { device, open, onClose, onSent }: ActionDialogProps,
  resetForm?: () => void,
) {
  const command = useDeviceCommand(device)
  const close = () => {
    // While the service has not answered, the dialog stays open: closing it would forget the
    // command on its way, and a reopened dialog could then neither send nor say what happened.
    if (command.isPending) return
    resetForm?.()
    command.reset()
    onClose()
  }
  const send = (request: DeviceCommand) =>
    command.send(request, {
      onSuccess: (_result, sent) => {
        onSent(sent)
        close()
      },
    })
  return {
    send,
    dialogProps: {
      open,
      onClose: close,
      pending: command.isPending,
      error: <ActionError error={command.error} />,
    },
  }
}
