import { useTranslation } from 'react-i18next'
import { ConfirmDialog } from '../../../components/dialog'
import { Field } from '../../../components/field'
import { deviceName, platformOf } from '../../../lib/device'
import { LIMITS, LOCK_FIELDS, lockSchema } from './action-forms'
import type { ActionDialogProps } from './dialog-props'
import { FormErrorSummary } from './form-error-summary'
import { useActionForm } from './use-action-form'
import { useCommandDialog } from './use-command-dialog'
import { draftValues, useDraft } from './use-draft'

/** What a draft keeps over an expired session: the texts, never the Mac's PIN. */
const KEPT = ['message', 'phonenumber'] as const

const DESCRIPTIONS = {
  ios: 'lock.description.ios',
  macos: 'lock.description.macos',
  android: 'lock.description.android',
} as const

/** Lock: a message and a number on an iPhone's lock screen; a Mac needs a 6-digit PIN. */
export function LockDialog(props: ActionDialogProps) {
  const { device } = props
  const { t } = useTranslation('devices')
  const platform = platformOf(device)
  const name = deviceName(device)
  const form = useActionForm(
    lockSchema(platform),
    LOCK_FIELDS,
    { message: '', phonenumber: '', macpin: '', macpinRepeat: '' },
    {},
    draftValues('lock', device.clientid, KEPT),
  )
  useDraft('lock', device.clientid, props.open, form.values, KEPT)
  const dialog = useCommandDialog(props, form.reset)

  return (
    <ConfirmDialog
      {...dialog.dialogProps}
      title={t('lock.title', { name })}
      description={t(DESCRIPTIONS[platform ?? 'android'], { name })}
      confirmLabel={t('lock.confirm')}
      onConfirm={() => form.submit((body) => dialog.send({ path: 'device/lockscreen', body }))}
    >
      <div id={form.containerId} className="form">
        <FormErrorSummary count={Object.keys(form.errors).length} />
        {platform === 'ios' && (
          <>
            <Field
              label={t('form.lockMessage')}
              hint={t('form.lockMessageHint')}
              maxLength={LIMITS.text}
              autoComplete="off"
              {...form.field('message')}
            />
            <Field
              label={t('form.phoneOptional')}
              hint={t('form.phoneHint')}
              type="tel"
              maxLength={LIMITS.phone}
              autoComplete="tel"
              {...form.field('phonenumber')}
            />
          </>
        )}
        {platform === 'macos' && (
          <>
            <Field
              label={t('form.macPin')}
              hint={t('form.macPinLockHint')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              required
              {...form.field('macpin')}
            />
            <Field
              label={t('form.macPinRepeat')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={6}
              required
              {...form.field('macpinRepeat')}
            />
          </>
        )}
      </div>
    </ConfirmDialog>
  )
}
