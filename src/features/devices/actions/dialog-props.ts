import type { Device } from '@contract/schemas'
import type { DeviceCommand } from '@/entities/device/commands'

export interface ActionDialogProps {
  device: Device
  open: boolean
  onClose: () => void
  /** The service accepted the command; the page tells the user and waits for the device. */
  onSent: (command: DeviceCommand) => void
}
