/** The device model every feature shares: names, platforms, pending states and actions. */
export * from './commands'
export * from './name'
export * from '@contract/platform'
export * from './status'
export * from './waiting'
