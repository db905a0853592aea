import { afterEach, describe, expect, it } from 'vitest'
import { session } from '@/lib/session'
import { readOnlyDevice, rememberOnlyDevice } from './only-device'

afterEach(() => sessionStorage.clear())

describe('the only device, remembered for the next visit of "My apps"', () => {
  it('is kept when there is exactly one candidate, and forgotten otherwise', () => {
    expect(readOnlyDevice()).toBeNull()
    rememberOnlyDevice([{ clientid: 'iphone' }])
    expect(readOnlyDevice()).toBe('iphone')
    rememberOnlyDevice([{ clientid: 'iphone' }, { clientid: 'pixel' }])
    expect(readOnlyDevice()).toBeNull()
    rememberOnlyDevice([{ clientid: 'pixel' }])
    rememberOnlyDevice([])
    expect(readOnlyDevice()).toBeNull()
  })

  it('goes with the session, so the next user of the tab does not start with it', () => {
    session.start('token-1')
    rememberOnlyDevice([{ clientid: 'iphone' }])
    session.signOut()
    expect(readOnlyDevice()).toBeNull()
  })
})
