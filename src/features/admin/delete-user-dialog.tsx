import { useRef, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { ConfirmDialog } from '@/components/dialog'
import { TypeToConfirmField } from '@/components/field'
import { useErrorMessage } from '@/lib/api/error-message'
import type { Device, User } from '@contract/schemas'
import { useDraft } from '@/entities/user/use-draft'
import { useDeleteUser } from './api'
import { userName } from './user-name'

/**
 * Deleting a user names them, warns about their managed devices (User rule 7: they may become
 * unusable) and, as for a wipe, waits for their e-mail address to be typed. Nothing is sent
 * before it matches.
 */
export function DeleteUserDialog({
  open,
  user,
  managed,
  deviceName,
  onClose,
  onDeleted,
}: {
  open: boolean
  user: User
  /** The user's devices still under management. */
  managed: readonly Device[]
  deviceName: (device: Device) => string
  onClose: () => void
  onDeleted: () => void
}) {
  const { t } = useTranslation('admin')
  const errorText = useErrorMessage()
  const remove = useDeleteUser()
  const formRef = useRef<HTMLDivElement>(null)
  const [typed, setTyped] = useState('')
  const [tried, setTried] = useState(false)
  const name = userName(user)
  const matches = typed.trim().toLowerCase() === user.email.toLowerCase()
  // The dialog comes back after an expired session; the typed address, a confirmation, does not.
  useDraft('deleteUser', user.sid, open, {}, [])

  return (
    <ConfirmDialog
      open={open}
      onClose={() => {
        setTyped('')
        setTried(false)
        if (!remove.isPending) remove.reset()
        onClose()
      }}
      onConfirm={() => {
        setTried(true)
        if (!matches) {
          formRef.current?.querySelector<HTMLInputElement>('input[name="confirmEmail"]')?.focus()
          return
        }
        remove.send(user, { onSuccess: onDeleted })
      }}
      title={t('delete.title', { name })}
      description={<p>{t('delete.description', { name, email: user.email })}</p>}
      confirmLabel={t('delete.confirm')}
      pending={remove.isPending}
      destructive
      error={remove.isError ? <Alert tone="error">{errorText(remove.error)}</Alert> : null}
    >
      <div ref={formRef} className="form">
        {managed.length > 0 ? (
          <Alert tone="warning" title={t('delete.devicesTitle', { name, count: managed.length })}>
            <p>{t('delete.devicesBody')}</p>
            <ul className="delete-devices">
              {managed.map((device) => (
                <li key={device.clientid}>{deviceName(device)}</li>
              ))}
            </ul>
          </Alert>
        ) : (
          <p>{t('delete.noDevices', { name })}</p>
        )}
        <TypeToConfirmField
          name="confirmEmail"
          label={t('delete.confirmLabel')}
          hint={
            <Trans
              t={t}
              i18nKey="delete.confirmHint"
              values={{ email: user.email }}
              components={{ email: <strong className="confirm-email" /> }}
            />
          }
          value={typed}
          error={tried && !matches ? t('delete.confirmMismatch') : null}
          onChange={(event) => {
            setTyped(event.target.value)
            if (remove.isError) remove.reset()
          }}
        />
      </div>
    </ConfirmDialog>
  )
}
