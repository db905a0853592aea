import { useTranslation } from 'react-i18next'
import { Button } from '@/components/button'

const TEXTS = {
  install: { label: 'actions.install', name: 'actions.installApp' },
  // After a failed install: the note above it says to install it again.
  installAgain: { label: 'actions.installAgain', name: 'actions.installAgainApp' },
  update: { label: 'actions.update', name: 'actions.updateApp' },
  uninstall: { label: 'actions.uninstall', name: 'actions.uninstallApp' },
  // The help desk's: the service tells administrators nothing of the app's state on a device.
  requestInstall: { label: 'actions.requestInstall', name: 'actions.requestInstallApp' },
  requestUninstall: { label: 'actions.requestUninstall', name: 'actions.requestUninstallApp' },
} as const

/** Install, update or uninstall one app on one device, named in full for screen readers. */
export function AppChangeButton({
  what,
  names,
  pending = false,
  onClick,
}: {
  what: keyof typeof TEXTS
  names: { app: string; device: string }
  pending?: boolean
  onClick: () => void
}) {
  const { t } = useTranslation('apps')
  const { t: tc } = useTranslation()
  return (
    <Button
      variant={what === 'uninstall' || what === 'requestUninstall' ? 'secondary' : 'primary'}
      aria-label={t(TEXTS[what].name, names)}
      pending={pending}
      pendingLabel={tc('status.sending')}
      onClick={onClick}
    >
      {t(TEXTS[what].label)}
    </Button>
  )
}
