import { formatNumber } from '@/lib/format'

/**
 * Device storage the way the service and the device count it (1 GB = 1024 MB), so that
 * 131072 MB reads as the "128 GB" the owner knows from the box.
 */
export function formatDeviceStorage(megabytes: number): string {
  const units = ['megabyte', 'gigabyte', 'terabyte'] as const
  let value = megabytes
  let index = 0
  while (value >= 1024 && index < units.length - 1) {
    value /= 1024
    index++
  }
  return formatNumber(value, {
    style: 'unit',
    unit: units[index],
    maximumFractionDigits: value < 10 && index > 0 ? 1 : 0,
  })
}

/** Used storage, when the device reported both numbers. */
export function usedStorage(device: {
  freestoragemb?: number | null
  storagemb?: number | null
}): { used: number; total: number } | null {
  const { freestoragemb: free, storagemb: total } = device
  if (free == null || total == null || total <= 0) return null
  return { used: Math.max(0, total - free), total }
}
