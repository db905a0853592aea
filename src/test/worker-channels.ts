/**
 * Node delivers a BroadcastChannel's messages to every worker thread of the process, so the test
 * files of other workers would act as this one's other tabs (a sign-out there ends a session
 * here, under a component on screen). Each worker's channels are its own.
 */
const Channel = globalThis.BroadcastChannel
const worker = process.env.VITEST_POOL_ID ?? '0'

globalThis.BroadcastChannel = class extends Channel {
  constructor(name: string) {
    super(`${name} (worker ${worker})`)
  }
}
