import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/dialog'
import { deviceName } from '../device-kind'
import type { ActionDialogProps } from './dialog-props'
import { useCommandDialog } from './use-command-dialog'

export type SimpleCommand = 'device/disablelostmode'

const TEXTS = {
  'device/disablelostmode': {
    title: 'lostModeOff.title',
    description: 'lostModeOff.description',
    confirm: 'lostModeOff.confirm',
  },
} as const

/** A command without anything to fill in that still deserves a second thought: a sentence of what happens, and the button. */
export function SimpleDialog({ path, ...props }: ActionDialogProps & { path: SimpleCommand }) {
  const { t } = useTranslation('devices')
  const name = deviceName(props.device)
  const dialog = useCommandDialog(props)
  const texts = TEXTS[path]
  return (
    <ConfirmDialog
      {...dialog.dialogProps}
      title={t(texts.title, { name })}
      description={t(texts.description, { name })}
      confirmLabel={t(texts.confirm)}
      onConfirm={() => dialog.send({ path, body: {} })}
    />
  )
}
