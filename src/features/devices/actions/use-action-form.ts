import { useTranslation } from 'react-i18next'
import { useTextContext } from '@/features/devices/audience'
import { useForm } from '@/lib/use-form'
import { platformOf } from '@contract/platform'
import type { Device } from '@contract/schemas'
import type { z } from '@contract/zod'
import type { DeviceCommand } from '@/entities/device/commands'
import { deviceName } from '@/entities/device/name'
import { FORM_MESSAGES, LIMITS } from './action-forms'
import type { ActionDialogProps } from './dialog-props'
import { useCommandDialog } from './use-command-dialog'
import { draftValues, useDraft, type DraftDialog } from '@/entities/user/use-draft'

/**
 * What every action dialog with a form shares: the portal's form engine, its draft kept over an
 * expired session (only the fields in `kept`: never passwords, PINs or a typed confirmation),
 * and the command sent once the form is valid. Spread `dialogProps` onto the ConfirmDialog.
 */
export function useActionForm<F extends string, V extends Record<F, string>, Out>(
  props: ActionDialogProps,
  {
    dialog: name,
    schema,
    fields,
    initial,
    kept,
    messageValues = {},
    command,
  }: {
    dialog: DraftDialog
    schema: z.ZodMiniType<Out, V>
    fields: readonly F[]
    initial: V
    kept: readonly (keyof V & string)[]
    messageValues?: Record<string, string | number>
    /** The command to send with what the form gives. */
    command: (body: Out) => DeviceCommand
  },
) {
  const { t } = useTranslation('devices')
  const clientId = props.device.clientid
  const form = useForm({
    schema,
    fields,
    messages: FORM_MESSAGES,
    initial,
    restore: draftValues(name, clientId, kept),
    describe: (key) =>
      t(key, {
        min: LIMITS.passcodeMin,
        textMax: LIMITS.text,
        phoneMax: LIMITS.phone,
        passcodeMax: LIMITS.passcode,
        ...messageValues,
      }),
  })
  useDraft(name, clientId, props.open, form.values, kept)
  const dialog = useCommandDialog(props, form.reset)
  return {
    form,
    dialogProps: {
      ...dialog.dialogProps,
      formRef: form.formRef,
      onConfirm: () => form.submit((body) => dialog.send(command(body))),
    },
  }
}

/**
 * What an action dialog's texts are made of: the devices' words, who reads them (the owner or
 * the help desk), and the device's platform and name.
 */
export function useDialogTexts(device: Device) {
  const { t } = useTranslation('devices')
  return { t, context: useTextContext(), platform: platformOf(device), name: deviceName(device) }
}
