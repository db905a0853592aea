import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/dialog'
import { useDeviceCommand } from '../api'
import { deviceName } from '../device-kind'
import { ActionError } from './action-error'
import type { ActionDialogProps } from './dialog-props'

export type SimpleCommand =
  'device/disablelostmode' | 'device/requestlocation' | 'device/requestapplist'

const TEXTS = {
  'device/disablelostmode': {
    title: 'lostModeOff.title',
    description: 'lostModeOff.description',
    confirm: 'lostModeOff.confirm',
  },
  'device/requestlocation': {
    title: 'locate.title',
    description: 'locate.description',
    confirm: 'locate.confirm',
  },
  'device/requestapplist': {
    title: 'apps.title',
    description: 'apps.description',
    confirm: 'apps.confirm',
  },
} as const

/** Commands without anything to fill in: a sentence of what happens, and the button. */
export function SimpleDialog({
  path,
  device,
  open,
  onClose,
  onSent,
}: ActionDialogProps & { path: SimpleCommand }) {
  const { t } = useTranslation('devices')
  const name = deviceName(device)
  const command = useDeviceCommand(device.clientid)
  const texts = TEXTS[path]
  const close = () => {
    command.reset()
    onClose()
  }
  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      title={t(texts.title, { name })}
      description={t(texts.description, { name })}
      confirmLabel={t(texts.confirm)}
      pending={command.isPending}
      error={<ActionError error={command.error} />}
      onConfirm={() =>
        command.send(
          { path, body: {} },
          {
            onSuccess: (_result, sent) => {
              onSent(sent)
              close()
            },
          },
        )
      }
    />
  )
}
