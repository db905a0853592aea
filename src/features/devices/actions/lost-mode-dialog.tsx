import { ConfirmDialog } from '@/components/dialog'
import { Field } from '@/components/field'
import { ActionFields, PasscodeField } from './action-fields'
import { LIMITS, LOST_MODE_FIELDS, lostModeSchema } from './action-forms'
import type { ActionDialogProps } from './dialog-props'
import { LostModePreview } from './lost-mode-preview'
import { useActionForm, useDialogTexts } from './use-action-form'

/**
 * Lost mode on: what a finder reads (a message and/or a number, and a footnote); Android also
 * gets a new passcode, since the finder must not be able to open it.
 */
export function LostModeDialog(props: ActionDialogProps) {
  const { t, context, platform, name } = useDialogTexts(props.device)
  const { form, dialogProps } = useActionForm(props, {
    dialog: 'lostModeOn',
    schema: lostModeSchema(platform),
    fields: LOST_MODE_FIELDS,
    initial: { message: '', phonenumber: '', footnote: '', password: '' },
    // What a draft keeps over an expired session: what the finder reads, never the passcode.
    kept: ['message', 'phonenumber', 'footnote'],
    command: (body) => ({ name: 'lostModeOn', body }),
  })
  const android = platform === 'android'

  return (
    <ConfirmDialog
      {...dialogProps}
      title={t('lostMode.title', { name })}
      description={t(android ? 'lostMode.description.android' : 'lostMode.description.ios', {
        name,
        context,
      })}
      confirmLabel={t('lostMode.confirm')}
    >
      {/* The preview sits beside the fields where there is room, under them on a phone; the
          buttons stay in reach either way (action-dialogs.css). */}
      <div className="lost-mode-form">
        <ActionFields errors={form.errors}>
          <p className="form__note">{t('lostMode.contactNote')}</p>
          <Field
            label={t('form.lostMessage')}
            hint={t('form.lostMessageHint', { context })}
            autoComplete="off"
            {...form.field('message')}
          />
          <Field
            label={t('form.phone')}
            hint={t('form.phoneHint', { context })}
            type="tel"
            autoComplete="tel"
            {...form.field('phonenumber')}
          />
          <Field
            label={t('form.footnote')}
            hint={t('form.footnoteHint')}
            autoComplete="off"
            {...form.field('footnote')}
          />
          {android && (
            <PasscodeField
              hint={t('form.newPasscodeLostHint', { min: LIMITS.passcodeMin })}
              {...form.field('password')}
            />
          )}
        </ActionFields>
        <LostModePreview
          message={form.values.message}
          phone={form.values.phonenumber}
          footnote={form.values.footnote}
        />
      </div>
    </ConfirmDialog>
  )
}
