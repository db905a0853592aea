import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/dialog'
import { Field, PasswordField } from '../../../components/field'
import { deviceName, platformOf } from '../../../lib/device'
import { LIMITS, LOST_MODE_FIELDS, lostModeSchema } from './action-forms'
import type { ActionDialogProps } from './dialog-props'
import { FormErrorSummary } from './form-error-summary'
import { LostModePreview } from './lost-mode-preview'
import { useActionForm } from './use-action-form'
import { useCommandDialog } from './use-command-dialog'
import { draftValues, useDraft } from './use-draft'

/** What a draft keeps over an expired session: what the finder reads, never the passcode. */
const KEPT = ['message', 'phonenumber', 'footnote'] as const

/**
 * Lost mode on: what a finder reads (a message and/or a number, and a footnote); Android also
 * gets a new passcode, since the finder must not be able to open it.
 */
export function LostModeDialog(props: ActionDialogProps) {
  const { device } = props
  const { t } = useTranslation('devices')
  const platform = platformOf(device)
  const name = deviceName(device)
  const form = useActionForm(
    lostModeSchema(platform),
    LOST_MODE_FIELDS,
    { message: '', phonenumber: '', footnote: '', password: '' },
    {},
    draftValues('lostModeOn', device.clientid, KEPT),
  )
  useDraft('lostModeOn', device.clientid, props.open, form.values, KEPT)
  const dialog = useCommandDialog(props, form.reset)

  return (
    <ConfirmDialog
      {...dialog.dialogProps}
      title={t('lostMode.title', { name })}
      description={t(
        platform === 'android' ? 'lostMode.description.android' : 'lostMode.description.ios',
        { name },
      )}
      confirmLabel={t('lostMode.confirm')}
      onConfirm={() => form.submit((body) => dialog.send({ path: 'device/enablelostmode', body }))}
    >
      <div id={form.containerId} className="form">
        <FormErrorSummary count={Object.keys(form.errors).length} />
        <p className="form__note">{t('lostMode.contactNote')}</p>
        <Field
          label={t('form.lostMessage')}
          hint={t('form.lostMessageHint')}
          maxLength={LIMITS.text}
          autoComplete="off"
          {...form.field('message')}
        />
        <Field
          label={t('form.phone')}
          hint={t('form.phoneHint')}
          type="tel"
          maxLength={LIMITS.phone}
          autoComplete="tel"
          {...form.field('phonenumber')}
        />
        <Field
          label={t('form.footnote')}
          hint={t('form.footnoteHint')}
          maxLength={LIMITS.text}
          autoComplete="off"
          {...form.field('footnote')}
        />
        <LostModePreview
          message={form.values.message}
          phone={form.values.phonenumber}
          footnote={form.values.footnote}
        />
        {platform === 'android' && (
          <PasswordField
            secret="passcode"
            label={t('form.newPasscode')}
            hint={t('form.newPasscodeLostHint', { min: LIMITS.passcodeMin })}
            maxLength={LIMITS.passcode}
            autoComplete="new-password"
            required
            {...form.field('password')}
          />
        )}
      </div>
    </ConfirmDialog>
  )
}
