import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/dialog'
import { deviceName } from '../device-kind'
import type { ActionDialogProps } from './dialog-props'
import { useCommandDialog } from './use-command-dialog'

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
