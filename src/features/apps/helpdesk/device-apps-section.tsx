import { Suspense, type ComponentProps, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Skeleton } from '@/components/skeleton'
import { DEVICE_TYPE, type Device } from '@contract/schemas'
import { deviceName } from '@/entities/device/name'
import { lazyPart } from '@/lib/lazy-part'

/**
 * The platform whose apps the panel lists: Apple apps run on iPhones, iPads and Macs, Android apps
 * on Android. It lists them all, not only those of the device's kind (a Mac's app on an iPhone):
 * the service refuses one that does not suit the device, and the panel words that refusal.
 */
export function panelPlatform(device: Pick<Device, 'type'>): 'Apple' | 'Android' {
  return device.type === DEVICE_TYPE.android ? 'Android' : 'Apple'
}

/** The apps of the panel's platform, named as the catalog heads them ("Apple apps"). */
export function usePanelAppsName(device: Pick<Device, 'type'>): string {
  const { t } = useTranslation('apps')
  return t(panelPlatform(device) === 'Android' ? 'list.groupAndroid' : 'list.groupApple')
}

/** The tenant's apps on a device's page of the help desk: its heading and lead, around its content. */
export function DeviceAppsFrame({ device, children }: { device: Device; children: ReactNode }) {
  const { t } = useTranslation('apps')
  const apps = usePanelAppsName(device)
  return (
    <section className="page-section" aria-labelledby="admin-apps-title">
      <h2 id="admin-apps-title">{t('admin.title')}</h2>
      <p className="device-section__lead">
        {t('admin.lead', { device: deviceName(device), apps })}
      </p>
      {children}
    </section>
  )
}

/** Whether apps can be installed on the device at all, as the panel says. */
export function takesApps(device: Device): boolean {
  return device.managed !== false && device.wiped !== true
}

/** The panel's place while its code comes: as it shows while the apps' answer comes. */
function DeviceAppsPlaceholder({ device }: { device: Device }) {
  const { t } = useTranslation('apps')
  return (
    <DeviceAppsFrame device={device}>
      {takesApps(device) ? <Skeleton rows={2} /> : <p>{t('admin.notManaged')}</p>}
    </DeviceAppsFrame>
  )
}

// The panel (its rows, their buttons and the uninstall dialog) waits for the tenant's apps, an
// answer of its own: its code is not part of what the device's page needs before it paints.
const loadPanel = () => import('./admin-device-apps')
const LazyAdminDeviceApps = lazyPart(async () => ({ default: (await loadPanel()).AdminDeviceApps }))

/** Fetches the panel's code ahead of its first use (while the device's answer is on its way). */
export function prepareAdminDeviceApps() {
  void loadPanel().catch(() => undefined)
}

/** The apps panel, holding its place while its code comes. */
export function AdminDeviceAppsSection(props: ComponentProps<typeof LazyAdminDeviceApps>) {
  return (
    <Suspense fallback={<DeviceAppsPlaceholder device={props.device} />}>
      <LazyAdminDeviceApps {...props} />
    </Suspense>
  )
}
