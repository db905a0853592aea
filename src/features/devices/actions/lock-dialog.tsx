import { ConfirmDialog } from '@/components/dialog'
import { Field } from '@/components/field'
import { ActionFields, PinFields } from './action-fields'
import { LOCK_FIELDS, lockSchema } from './action-forms'
import type { ActionDialogProps } from './dialog-props'
import { useActionForm, useDialogTexts } from './use-action-form'

const DESCRIPTIONS = {
  ios: 'lock.description.ios',
  macos: 'lock.description.macos',
  android: 'lock.description.android',
} as const

/** Lock: a message and a number on an iPhone's lock screen; a Mac needs a 6-digit PIN. */
export function LockDialog(props: ActionDialogProps) {
  const { t, context, platform, name } = useDialogTexts(props.device)
  const { form, dialogProps } = useActionForm(props, {
    dialog: 'lock',
    schema: lockSchema(platform),
    fields: LOCK_FIELDS,
    initial: { message: '', phonenumber: '', macpin: '', macpinRepeat: '' },
    // What a draft keeps over an expired session: the texts, never the Mac's PIN.
    kept: ['message', 'phonenumber'],
    command: (body) => ({ name: 'lock', body }),
  })

  return (
    <ConfirmDialog
      {...dialogProps}
      title={t('lock.title', { name })}
      description={t(DESCRIPTIONS[platform ?? 'android'], { name, context })}
      confirmLabel={t('lock.confirm')}
    >
      <ActionFields errors={form.errors}>
        {platform === 'ios' && (
          <>
            <Field
              label={t('form.lockMessage')}
              hint={t('form.lockMessageHint', { context })}
              autoComplete="off"
              {...form.field('message')}
            />
            <Field
              label={t('form.phoneOptional')}
              hint={t('form.phoneHint', { context })}
              type="tel"
              autoComplete="tel"
              {...form.field('phonenumber')}
            />
          </>
        )}
        {platform === 'macos' && (
          <PinFields
            hint={t('form.macPinLockHint')}
            pin={form.field('macpin')}
            repeat={form.field('macpinRepeat')}
          />
        )}
      </ActionFields>
    </ConfirmDialog>
  )
}
