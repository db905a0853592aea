import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/dialog'
import { PasswordField } from '../../../components/field'
import { deviceName, platformOf } from '../../../lib/device'
import { LIMITS, PASSCODE_FIELDS, passcodeSchema } from './action-forms'
import type { ActionDialogProps } from './dialog-props'
import { FormErrorSummary } from './form-error-summary'
import { useActionForm } from './use-action-form'
import { useCommandDialog } from './use-command-dialog'
import { useDraft } from './use-draft'

/** Apple devices have their passcode cleared; Android gets the new one typed here. */
export function PasscodeDialog(props: ActionDialogProps) {
  const { device } = props
  const { t } = useTranslation('devices')
  const platform = platformOf(device)
  const name = deviceName(device)
  const form = useActionForm(passcodeSchema(platform), PASSCODE_FIELDS, { password: '' })
  // A draft brings the dialog back, never the passcode.
  useDraft('passcode', device.clientid, props.open, form.values, [])
  const dialog = useCommandDialog(props, form.reset)

  return (
    <ConfirmDialog
      {...dialog.dialogProps}
      title={t('passcode.title', { name })}
      description={t(
        platform === 'android' ? 'passcode.description.android' : 'passcode.description.apple',
        { name },
      )}
      confirmLabel={t('passcode.confirm')}
      onConfirm={() => form.submit((body) => dialog.send({ path: 'device/resetpasscode', body }))}
    >
      {platform === 'android' && (
        <div id={form.containerId} className="form">
          <FormErrorSummary count={Object.keys(form.errors).length} />
          <PasswordField
            secret="passcode"
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
