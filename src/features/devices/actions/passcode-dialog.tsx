import { Alert } from '@/components/alert'
import { ConfirmDialog } from '@/components/dialog'
import { ActionFields, PasscodeField } from './action-fields'
import { LIMITS, PASSCODE_FIELDS, passcodeSchema } from './action-forms'
import type { ActionDialogProps } from './dialog-props'
import { useActionForm, useDialogTexts } from './use-action-form'

/**
 * Apple devices have their passcode cleared, which leaves them open to whoever holds them: the
 * dialog says so and asks as for any destructive action. Android gets the new one typed here.
 */
export function PasscodeDialog(props: ActionDialogProps) {
  const { t, context, platform, name } = useDialogTexts(props.device)
  const { form, dialogProps } = useActionForm(props, {
    dialog: 'passcodeReset',
    schema: passcodeSchema(platform),
    fields: PASSCODE_FIELDS,
    initial: { password: '' },
    // A draft brings the dialog back, never the passcode.
    kept: [],
    command: (body) => ({ name: 'passcodeReset', body }),
  })
  const android = platform === 'android'

  return (
    <ConfirmDialog
      {...dialogProps}
      title={t(android ? 'passcode.title' : 'passcode.titleApple', { name })}
      description={t(android ? 'passcode.description.android' : 'passcode.description.apple', {
        name,
        context,
      })}
      confirmLabel={t(android ? 'passcode.confirm' : 'passcode.confirmApple')}
      destructive={!android}
    >
      {!android && (
        <Alert tone="warning">
          <p>{t('passcode.warningApple')}</p>
        </Alert>
      )}
      {android && (
        <ActionFields errors={form.errors}>
          <PasscodeField
            hint={t('form.newPasscodeHint', { min: LIMITS.passcodeMin })}
            {...form.field('password')}
          />
        </ActionFields>
      )}
    </ConfirmDialog>
  )
}
