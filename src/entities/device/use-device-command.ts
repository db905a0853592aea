import { useQueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { apiRequest } from '@/lib/api/client'
import { COMMANDS } from '@contract/commands'
import { useSingleFlightMutation } from '@/lib/single-flight-mutation'
import { deviceKeys } from './queries'
import { appListAsked } from '@/entities/app/app-list-requests'
import { emptyResultSchema, type Device, type DeviceActionName } from '@contract/schemas'
import { actionOf, commandPath, type DeviceCommand } from './commands'
import { COMMAND_STATUS } from './status'

function markPending(device: Device, action: DeviceActionName): Device {
  return {
    ...device,
    actions: {
      ...device.actions,
      [action]: { ...device.actions[action], status: COMMAND_STATUS.pending },
    },
  }
}

/**
 * Sends commands to one device. Once the service accepted one, the device shows it as pending
 * at once (before the re-read confirms it), so its button is already blocked. A second send
 * while one is on its way is dropped: a double click or a double Enter sends one request.
 */
export function useDeviceCommand(device: Pick<Device, 'clientid' | 'lastcontact'>) {
  const clientId = device.clientid
  const queryClient = useQueryClient()
  // The device's last contact when a command left: its answer to an app list request moves it on.
  const contactAtSend = useRef<Date | null | undefined>(null)
  const mutation = useSingleFlightMutation({
    mutationFn: (command: DeviceCommand) =>
      apiRequest(
        commandPath(command.name),
        { ...command.body, clientid: clientId },
        emptyResultSchema,
        command.automatic ? { automaticAfter: COMMANDS[command.name].automaticAfter } : {},
      ),
    onSuccess: (_result, command) => {
      const action = actionOf(command)
      if (!action) {
        appListAsked(clientId, contactAtSend.current)
        return
      }
      queryClient.setQueryData<Device>(deviceKeys.detail(clientId), (device) =>
        device ? markPending(device, action) : device,
      )
      queryClient.setQueriesData<Device[]>({ queryKey: deviceKeys.lists() }, (devices) =>
        devices?.map((device) =>
          device.clientid === clientId ? markPending(device, action) : device,
        ),
      )
    },
    meta: { invalidates: [deviceKeys.all] },
  })

  const send: typeof mutation.send = (command, options) => {
    if (!mutation.isPending) contactAtSend.current = device.lastcontact
    mutation.send(command, options)
  }
  return { ...mutation, send }
}
