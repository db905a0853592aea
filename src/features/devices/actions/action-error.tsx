import { Alert } from '@/components/alert'
import { useDeviceErrorMessage } from '@/features/devices/device-error'

/** The service's refusal of a command, shown in the dialog that sent it. */
export function ActionError({ error }: { error: unknown }) {
  const message = useDeviceErrorMessage()
  if (!error) return null
  return (
    <Alert tone="error">
      <p>{message(error)}</p>
    </Alert>
  )
}
