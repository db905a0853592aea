import { useTranslation } from 'react-i18next'
import type { App } from '@contract/schemas'
import { useErrorMessage } from '@/lib/api/error-message'
import { changeFailure } from './app-errors'
import { knownDetail, type RequestKind, type StatusKind } from './app-status'

/** The service's codes put into words. Static keys only: each code maps to its key explicitly. */

const TYPE = { AU: 'type.AU', EA: 'type.EA', MU: 'type.MU' } as const
const PLATFORM = { Apple: 'platform.Apple', Android: 'platform.Android' } as const
const DEVICE_TYPE = {
  SmartphoneAndTablet: 'devicetype.SmartphoneAndTablet',
  Smartphone: 'devicetype.Smartphone',
  Tablet: 'devicetype.Tablet',
  Desktop: 'devicetype.Desktop',
} as const
const INCOMPATIBLE = {
  SmartphoneAndTablet: 'incompatible.SmartphoneAndTablet',
  Smartphone: 'incompatible.Smartphone',
  Tablet: 'incompatible.Tablet',
  Desktop: 'incompatible.Desktop',
} as const
const STATUS = {
  notInstalled: 'status.notInstalled',
  installing: 'status.installing',
  uninstalling: 'status.uninstalling',
  pending: 'status.pending',
  failed: 'status.failed',
  installed: 'status.installed',
} as const
const DETAIL = {
  WaitingForDeviceReply: 'detail.WaitingForDeviceReply',
  NotEnoughSpace: 'detail.NotEnoughSpace',
  UserDeclined: 'detail.UserDeclined',
  LicenseMissing: 'detail.LicenseMissing',
  NotSupported: 'detail.NotSupported',
  DownloadFailed: 'detail.DownloadFailed',
} as const
const FAILURE = {
  notCompatible: 'errors.notCompatible',
  notAvailable: 'errors.notAvailable',
  notFound: 'errors.notFound',
} as const
/** An app not assigned: the user asks the help desk, the help desk assigns it. */
const NOT_ASSIGNED = { user: 'errors.notAssigned', helpdesk: 'admin.notAssigned' } as const

function pick<V>(table: Readonly<Record<string, V>>, key: string | null | undefined): V | null {
  if (!key || !Object.hasOwn(table, key)) return null
  return table[key] ?? null
}

export function useAppLabels() {
  const { t } = useTranslation('apps')
  const errorMessage = useErrorMessage()

  /** A detail constant in words; one we do not know is shown as the service sent it. */
  const detail = (value: string | null | undefined): string | null => {
    const known = knownDetail(value)
    if (known) return t(DETAIL[known])
    return value?.trim() || null
  }

  return {
    type: (app: Pick<App, 'apptype'>) => {
      const key = pick(TYPE, app.apptype)
      return key ? t(key) : (app.apptype ?? '')
    },
    platform: (app: Pick<App, 'platform'>) => {
      const key = pick(PLATFORM, app.platform)
      return key ? t(key) : (app.platform ?? '')
    },
    deviceType: (app: Pick<App, 'devicetype'>) => {
      const key = pick(DEVICE_TYPE, app.devicetype)
      return key ? t(key) : (app.devicetype ?? '')
    },
    /** Why an app cannot run on the chosen device, as far as its record tells. */
    incompatibility: (app: Pick<App, 'devicetype'>) => {
      const key = pick(INCOMPATIBLE, app.devicetype)
      return key ? t(key) : t('incompatible.other')
    },
    status: (kind: StatusKind, statusdetails: string | null | undefined) => {
      if (kind === 'failed') {
        const text = detail(statusdetails)
        return text ? t('status.failedWith', { detail: text }) : t('status.failed')
      }
      return t(STATUS[kind])
    },
    /** Why the service refused an install or uninstall, in words for the user or the help desk. */
    refusal: (
      { kind, error }: { kind: RequestKind; error: unknown },
      names: { app: string; device: string },
      reader: keyof typeof NOT_ASSIGNED = 'user',
    ) => {
      const failure = changeFailure(error)
      if (failure === 'notAssigned') return t(NOT_ASSIGNED[reader], names)
      if (failure) return t(FAILURE[failure], names)
      return t(kind === 'uninstall' ? 'errors.uninstall' : 'errors.install', {
        ...names,
        message: errorMessage(error),
      })
    },
  }
}
