import { Suspense, useId, type ComponentProps, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Skeleton } from '@/components/skeleton'
import { getConfig } from '@/lib/config'
import './records.css'
import { lazyPart } from '@/lib/lazy-part'

/** The history's section on a device's page: its heading and lead, around what it shows. */
export function HistorySection({ children }: { children: ReactNode }) {
  const { t } = useTranslation('records')
  const titleId = useId()
  return (
    <section className="page-section records-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{t('history.title')}</h2>
      <p className="records-card__lead">{t('history.lead')}</p>
      {children}
    </section>
  )
}

/** The history while it is on its way. */
export function HistoryLoading() {
  const { t } = useTranslation('records')
  // Its status says so: a busy box around it would keep some screen readers from saying it.
  return <Skeleton rows={3} label={t('history.loading')} />
}

/**
 * The history's place while its code comes (it follows the device's first paint): the same
 * section as while its answer comes, so nothing moves when it arrives. None where the portal
 * keeps no records.
 */
function HistoryPlaceholder() {
  if (!getConfig().records) return null
  return (
    <HistorySection>
      <HistoryLoading />
    </HistorySection>
  )
}

// The history is below the device's words and waits for an answer of its own: its code is not
// part of what a device's page needs before the device paints. The page's loader fetches it while
// the device's answer is on its way (`prepareDeviceHistory`).
const loadHistory = () => import('./device-history')
const LazyDeviceHistory = lazyPart(async () => ({ default: (await loadHistory()).DeviceHistory }))

/** Fetches the history's code ahead of its first use. */
export function prepareDeviceHistory() {
  void loadHistory().catch(() => undefined)
}

/** A device's history, its section holding its place while the history's code comes. */
export function DeviceHistorySection(props: ComponentProps<typeof LazyDeviceHistory>) {
  return (
    <Suspense fallback={<HistoryPlaceholder />}>
      <LazyDeviceHistory {...props} />
    </Suspense>
  )
}
