import { useEffect, useState } from 'react'
import type { Device, DeviceActionName } from '@contract/schemas'
import { noteDeviceRead, useAppListRequest } from '@/entities/app/app-list-requests'
import type { DirectCommand } from '@/entities/device/commands'
import { actionOf, type DeviceCommand } from '@/entities/device/commands'
import { completions, type CompletionKey } from './completion'

/** The one thing the page currently tells about the commands of this visit. */
export type Notice =
  /** A command sent from this page, and when (this tab's clock), to tell a long wait as such. */
  | { id: number; kind: 'waiting'; action: DeviceActionName; sentAt: Date }
  | { id: number; kind: 'done'; key: CompletionKey }
  /** The app list request; what it says follows the request's own record of its answer. */
  | { id: number; kind: 'appList' }
  /** A command that was started without a dialog (locate, app list) and was refused. */
  | { id: number; kind: 'failed'; error: unknown; command: DirectCommand }

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never
type NewNotice = WithoutId<Notice>

interface State {
  device: Device
  /** The app list answer last seen, so that a new one becomes the news. */
  appListAnswer: number | null
  notice: Notice | null
  nextId: number
}

/**
 * One current notice per device page: "sent, waiting for the device", then, keyed to the device's
 * action going from status 1 to 0, what was done. Each new piece of news replaces the one before,
 * so the buttons never sink under a stack of old messages; the user can dismiss it. Each new read
 * of the device is compared with the one before (structural sharing keeps an unchanged read the
 * same).
 */
export function useDeviceNotices(device: Device) {
  const answeredAt = useAppListRequest(device.clientid)?.answeredAt ?? null
  // Each read is shown first, then told to the app list memory: a read that both completes a
  // command and answers the app list request ends with the app list's news on top.
  useEffect(() => noteDeviceRead(device), [device])
  const [state, setState] = useState<State>({
    device,
    appListAnswer: answeredAt,
    notice: null,
    nextId: 1,
  })
  const replace = (current: State, notice: NewNotice): State => ({
    ...current,
    notice: { ...notice, id: current.nextId },
    nextId: current.nextId + 1,
  })

  if (state.device !== device) {
    const last = completions(state.device, device).at(-1)
    setState(
      last ? replace({ ...state, device }, { kind: 'done', key: last.key }) : { ...state, device },
    )
  }

  return {
    notice: state.notice,
    sent: (command: DeviceCommand) => {
      const action = actionOf(command)
      const notice: NewNotice = action
        ? { kind: 'waiting', action, sentAt: new Date() }
        : { kind: 'appList' }
      setState((current) => replace(current, notice))
    },
    failed: (error: unknown, command: DirectCommand) =>
      setState((current) => replace(current, { kind: 'failed', error, command })),
    dismiss: () => setState((current) => ({ ...current, notice: null })),
  }
}
