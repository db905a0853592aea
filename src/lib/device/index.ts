/** The device model every feature shares: names, platforms, pending states and actions. */
export * from './actions'
export * from './name'
export * from '../../../contract/platform'
export * from './status'
