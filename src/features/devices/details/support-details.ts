import type { TFunction } from 'i18next'
import type { Device } from '@contract/schemas'
import { formatAgo, formatDateTime } from '@/lib/format'
import { pendingLabels } from '@/features/devices/device-badges'
import { deviceName } from '@/entities/device/name'

/**
 * What the help desk asks for first, as plain text in the user's language: one "label: value"
 * line per fact, so it reads well pasted into an e-mail or a ticket.
 */
export function supportDetails(device: Device, now: number, t: TFunction<'devices'>): string {
  const none = t('support.none')
  const unknown = t('support.unknown')
  const lastContact = device.lastcontact
    ? `${formatDateTime(device.lastcontact)} (${formatAgo(device.lastcontact, now)})`
    : t('lastContact.never')
  const pending = pendingLabels(device, t)
  const lines: [string, string][] = [
    [t('facts.name'), deviceName(device)],
    [t('facts.model'), device.modelname || unknown],
    [t('facts.os'), device.osname || unknown],
    [t('facts.serial'), device.serialnumber || unknown],
    [t('facts.clientId'), device.clientid],
    [t('facts.lastContact'), lastContact],
    [t('support.pending'), pending.length ? pending.join(', ') : none],
  ]
  return lines.map(([label, value]) => `${label}: ${value}`).join('\n')
}
