/**
 * react-i18next imports `use-sync-external-store/shim`, a copy of the hook for React before 18.
 * React 19 has it built in: the build's `resolve.alias` points the shim here,
 * so every page carries one implementation instead of two.
 */
export { useSyncExternalStore } from 'react'
