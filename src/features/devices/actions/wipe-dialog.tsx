import { useId } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { useTextContext } from '@/features/devices/audience'
import { Alert } from '@/components/alert'
import { ConfirmDialog } from '@/components/dialog'
import { TypeToConfirmField } from '@/components/field'
import { wipeChoices, type WipeChoice, type WipeMode } from '@/features/devices/availability'
import { ActionFields, PinFields } from './action-fields'
import { WIPE_FIELDS, wipeSchema } from './action-forms'
import type { ActionDialogProps } from './dialog-props'
import { useActionForm, useDialogTexts } from './use-action-form'

const CONFIRM_LABELS = {
  'wipe.choice.everything': 'wipe.confirm.everything',
  'wipe.choice.workProfile': 'wipe.confirm.workProfile',
  'wipe.choice.workData': 'wipe.confirm.workData',
} as const

function ChoiceStatement({ choice, name, id }: { choice: WipeChoice; name: string; id?: string }) {
  const { t } = useTranslation('devices')
  const context = useTextContext()
  return (
    <p id={id} className="wipe-choice__statement">
      {t(choice.statement, { name, context })}
    </p>
  )
}

/**
 * Wipe: full or work data only (whichever the device offers), what exactly is deleted, the
 * Mac's PIN for a full wipe, and the device's name typed to confirm. Nothing is sent before
 * the name matches.
 */
export function WipeDialog(props: ActionDialogProps) {
  const { device } = props
  const { t, platform, name } = useDialogTexts(device)
  const id = useId()
  const choices = wipeChoices(device)
  const initialMode: WipeMode = choices[0]?.mode ?? 'full'
  const { form, dialogProps } = useActionForm(props, {
    dialog: 'wipe',
    schema: wipeSchema(platform, name),
    fields: WIPE_FIELDS,
    initial: { mode: initialMode, macpin: '', macpinRepeat: '', confirmName: '' },
    // A draft brings the dialog back, never the PIN or the typed name: a wipe is confirmed afresh.
    kept: [],
    messageValues: { name },
    command: (body) => ({ name: 'wipe', body }),
  })
  const chosen = choices.find((choice) => choice.mode === form.values.mode) ?? choices[0]

  return (
    <ConfirmDialog
      {...dialogProps}
      title={t('wipe.title', { name })}
      description={t('wipe.description')}
      confirmLabel={t(chosen ? CONFIRM_LABELS[chosen.label] : 'wipe.confirm.everything')}
      destructive
    >
      <ActionFields errors={form.errors}>
        {choices.length > 1 ? (
          <fieldset className="field wipe-choices">
            <legend>{t('wipe.choose')}</legend>
            {choices.map((choice) => (
              <div key={choice.mode} className="wipe-choice">
                <input
                  type="radio"
                  id={`${id}-${choice.mode}`}
                  name="mode"
                  value={choice.mode}
                  checked={form.values.mode === choice.mode}
                  aria-describedby={`${id}-${choice.mode}-statement`}
                  onChange={() => form.setValue('mode', choice.mode)}
                />
                <div>
                  <label htmlFor={`${id}-${choice.mode}`}>{t(choice.label)}</label>
                  <ChoiceStatement
                    choice={choice}
                    name={name}
                    id={`${id}-${choice.mode}-statement`}
                  />
                </div>
              </div>
            ))}
          </fieldset>
        ) : (
          chosen && (
            <div className="wipe-single">
              <h3 className="wipe-single__title">{t(chosen.label)}</h3>
              <ChoiceStatement choice={chosen} name={name} />
            </div>
          )
        )}
        <Alert tone="warning">
          <p>{t('wipe.irreversible')}</p>
        </Alert>
        {platform === 'macos' && form.values.mode === 'full' && (
          <PinFields
            hint={t('form.macPinWipeHint')}
            pin={form.field('macpin')}
            repeat={form.field('macpinRepeat')}
          />
        )}
        <TypeToConfirmField
          label={t('wipe.confirmName')}
          hint={
            <Trans
              t={t}
              i18nKey="wipe.confirmHint"
              values={{ name }}
              components={{ name: <strong className="confirm-name" /> }}
            />
          }
          {...form.field('confirmName')}
        />
      </ActionFields>
    </ConfirmDialog>
  )
}
