import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/dialog'
import { PasswordField } from '../../../components/field'
import { useDeviceCommand } from '../api'
import { deviceName, platformOf } from '../device-kind'
import { ActionError } from './action-error'
import { LIMITS, PASSCODE_FIELDS, passcodeSchema } from './action-forms'
import type { ActionDialogProps } from './dialog-props'
import { FormErrorSummary } from './form-error-summary'
import { useActionForm } from './use-action-form'

/** Apple devices have their passcode cleared; Android gets the new one typed here. */
export function PasscodeDialog({ device, open, onClose, onSent }: ActionDialogProps) {
  const { t } = useTranslation('devices')
  const platform = platformOf(device)
  const name = deviceName(device)
  const command = useDeviceCommand(device.clientid)
  const form = useActionForm(passcodeSchema(platform), PASSCODE_FIELDS, { password: '' })
  const close = () => {
    form.reset()
    command.reset()
    onClose()
  }

  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      title={t('passcode.title', { name })}
      description={t(
        platform === 'android' ? 'passcode.description.android' : 'passcode.description.apple',
        { name },
      )}
      confirmLabel={t('passcode.confirm')}
      pending={command.isPending}
      error={<ActionError error={command.error} />}
      onConfirm={() =>
        form.submit((body) =>
          command.send(
            { path: 'device/resetpasscode', body },
            {
              onSuccess: (_result, sent) => {
                onSent(sent)
                close()
              },
            },
          ),
        )
      }
    >
      {platform === 'android' && (
        <div id={form.containerId} className="form">
          <FormErrorSummary count={Object.keys(form.errors).length} />
          <PasswordField
            label={t('form.newPasscode')}
            hint={t('form.newPasscodeHint', { min: LIMITS.passcodeMin })}
            maxLength={LIMITS.passcode}
            autoComplete="new-password"
            required
            {...form.field('password')}
          />
        </div>
      )}
    </ConfirmDialog>
  )
}
