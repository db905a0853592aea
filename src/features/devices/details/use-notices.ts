import { useState } from 'react'
import type { Device, DeviceActionName } from '../../../lib/api/schemas'
import { actionOf, type DeviceCommand } from '../api'
import { completions, type CompletionKey } from './completion'

export type NoticeKey = CompletionKey | 'sent.waiting' | 'sent.requestapplist'

export interface Notice {
  id: number
  key: NoticeKey
  tone: 'info' | 'success'
  /** The command a "sent" notice waits for; its completion replaces the notice. */
  action: DeviceActionName | null
}

interface State {
  device: Device
  notices: Notice[]
  nextId: number
}

/**
 * What the page tells about the commands of this visit: "sent, waiting for the device", then,
 * keyed to the device's action going from status 1 to 0, what was done. Each new read of the
 * device is compared with the one before (structural sharing keeps an unchanged read the same).
 */
export function useDeviceNotices(device: Device) {
  const [state, setState] = useState<State>({ device, notices: [], nextId: 1 })

  if (state.device !== device) {
    const done = completions(state.device, device)
    let { notices, nextId } = state
    if (done.length > 0) {
      const finished = new Set(done.map((entry) => entry.action))
      notices = notices.filter((notice) => !notice.action || !finished.has(notice.action))
      for (const entry of done) {
        notices = [...notices, { id: nextId++, key: entry.key, tone: 'success', action: null }]
      }
    }
    setState({ device, notices, nextId })
  }

  return {
    notices: state.notices,
    sent: (command: DeviceCommand) =>
      setState((current) => {
        const action = actionOf(command)
        const notice: Notice = {
          id: current.nextId,
          key: action ? 'sent.waiting' : 'sent.requestapplist',
          tone: 'info',
          action,
        }
        return { ...current, notices: [...current.notices, notice], nextId: current.nextId + 1 }
      }),
    dismiss: (id: number) =>
      setState((current) => ({
        ...current,
        notices: current.notices.filter((notice) => notice.id !== id),
      })),
  }
}
