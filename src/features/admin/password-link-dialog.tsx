import { useTranslation } from 'react-i18next'
import { Alert } from '@/components/alert'
import { ConfirmDialog } from '@/components/dialog'
import { useErrorMessage } from '@/lib/api/error-message'
import type { User } from '@contract/schemas'
import { useSendPasswordLink } from './api'
import { userName } from './user-name'

/**
 * Sending a user a link to set a new password: the dialog names the user and the address the
 * service has for them, where the mail goes. `onSent` gets the address the portal says it went to.
 */
export function PasswordLinkDialog({
  open,
  user,
  onClose,
  onSent,
}: {
  open: boolean
  user: User
  onClose: () => void
  onSent: (email: string) => void
}) {
  const { t } = useTranslation('admin')
  const errorText = useErrorMessage()
  const send = useSendPasswordLink()
  const name = userName(user)
  return (
    <ConfirmDialog
      open={open}
      onClose={() => {
        if (!send.isPending) send.reset()
        onClose()
      }}
      onConfirm={() => send.send(user, { onSuccess: onSent })}
      title={t('passwordLink.title', { name })}
      description={<p>{t('passwordLink.description', { name, email: user.email })}</p>}
      confirmLabel={t('passwordLink.confirm')}
      pending={send.isPending}
      error={send.isError ? <Alert tone="error">{errorText(send.error)}</Alert> : null}
    />
  )
}
