import Bowser from 'bowser'
import { isIPv4, isIPv6 } from 'node:net'

/** A sign-in's browser and system, as a person would name them ("Firefox 140", "macOS"). */
export function browserAndSystem(userAgent: string | undefined): {
  browser: string
  system: string
} {
  if (!userAgent) return { browser: '', system: '' }
  const parsed = Bowser.parse(userAgent.slice(0, 1000))
  const major = parsed.browser.version?.split('.')[0]
  const browser = [parsed.browser.name, major].filter(Boolean).join(' ')
  const system = [parsed.os.name, parsed.os.versionName ?? parsed.os.version]
    .filter(Boolean)
    .join(' ')
  return { browser, system }
}

function expandIpv6(address: string): number[] {
  const [head = '', tail = ''] = address.split('::')
  const parts = (text: string) => (text ? text.split(':') : [])
  const left = parts(head)
  const right = address.includes('::') ? parts(tail) : []
  const missing = 8 - left.length - right.length
  return [...left, ...Array<string>(Math.max(missing, 0)).fill('0'), ...right].map((part) =>
    Number.parseInt(part, 16),
  )
}

/**
 * The client's address, shortened to its network: an IPv4 address to its /24, an IPv6 address
 * to its /48. Enough to tell "at the office" from "abroad", not enough to name a household.
 */
export function shortAddress(address: string | undefined): string {
  if (!address) return ''
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  const plain = mapped?.[1] ?? address
  if (isIPv4(plain)) return `${plain.split('.').slice(0, 3).join('.')}.0/24`
  if (isIPv6(plain) && !plain.includes('.')) {
    const groups = expandIpv6(plain.split('%')[0] ?? '').slice(0, 3)
    return `${groups.map((group) => group.toString(16)).join(':')}::/48`
  }
  return ''
}
