import type { Platform } from '@contract/platform'

const APPLE =
  'M16.4 12.7c0-2.4 2-3.5 2-3.6-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9-.7 0-1.8-.8-3-.8-1.5 0-3 .9-3.8 2.3-1.6 2.8-.4 7 1.2 9.3.8 1.1 1.7 2.4 2.9 2.3 1.2 0 1.6-.7 3-.7s1.8.7 3 .7c1.3 0 2.1-1.1 2.8-2.3.9-1.3 1.3-2.6 1.3-2.6s-2.5-1-2.5-3.7zM14.2 5.8c.6-.8 1.1-1.9 1-3-1 0-2.1.6-2.8 1.4-.6.7-1.1 1.8-1 2.9 1 .1 2.1-.5 2.8-1.3z'
const ANDROID =
  'M17.6 9.5l1.8-3.2c.2-.3 0-.7-.3-.9-.3-.1-.6 0-.8.2l-1.9 3.3a11.5 11.5 0 0 0-8.9 0L5.6 5.7c-.2-.3-.6-.4-.9-.2-.3.2-.4.5-.2.8l1.8 3.2A10.6 10.6 0 0 0 1 18h22c-.3-3.6-2.3-6.8-5.4-8.5zM7 15.3a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6zm10 0a1.3 1.3 0 1 1 0-2.6 1.3 1.3 0 0 1 0 2.6z'
const DEVICE =
  'M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zm0 2v16h10V4H7z'

/** The platform's mark; decorative, the OS name always stands next to it. */
export function OsIcon({ platform }: { platform: Platform | null }) {
  const path = platform === 'android' ? ANDROID : platform === null ? DEVICE : APPLE
  return (
    <span className={`os-icon os-icon--${platform ?? 'unknown'}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="24" height="24" focusable="false">
        <path d={path} fill="currentColor" />
      </svg>
    </span>
  )
}
