import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '@/components/dialog'
import { deviceName } from '@/entities/device/name'
import type { ActionDialogProps } from './dialog-props'
import { useCommandDialog } from './use-command-dialog'

/** The dialogs without a form: the command's name gives its texts and its path. */
const TEXTS = {
  lostModeOff: {
    title: 'lostModeOff.title',
    description: 'lostModeOff.description',
    confirm: 'lostModeOff.confirm',
  },
} as const

/** A command without anything to fill in that still deserves a second thought: a sentence of what happens, and the button. */
export function SimpleDialog({
  command,
  ...props
}: ActionDialogProps & { command: keyof typeof TEXTS }) {
  const { t } = useTranslation('devices')
  const name = deviceName(props.device)
  const dialog = useCommandDialog(props)
  const texts = TEXTS[command]
  return (
    <ConfirmDialog
      {...dialog.dialogProps}
      title={t(texts.title, { name })}
      description={t(texts.description, { name })}
      confirmLabel={t(texts.confirm)}
      onConfirm={() => dialog.send({ name: command, body: {} })}
    />
  )
}
