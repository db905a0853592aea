import { afterEach, describe, expect, it } from 'vitest'
import { session } from '@/lib/session'
import { forgetSignedInAs, readSignedInAs, rememberSignedInAs } from './signed-in-as'

const alex = { email: 'admin@example.com', admin: true, tenant: 'demo' }

afterEach(() => {
  forgetSignedInAs()
  session.expire()
})

describe('who signed in', () => {
  it('is kept through an expiry, for the sign-in form, and forgotten on signing out', () => {
    session.start('token', 'admin')
    rememberSignedInAs(alex)
    session.expire()
    expect(readSignedInAs()).toEqual(alex)
    session.start('token', 'admin')
    session.signOut()
    expect(readSignedInAs()).toBeNull()
  })

  it('lives in sessionStorage only; anything else under its key is nobody', () => {
    rememberSignedInAs(alex)
    expect(JSON.stringify({ ...localStorage })).not.toContain('admin@example.com')
    sessionStorage.setItem('mdm.session.account', '{"email":1}')
    expect(readSignedInAs()).toBeNull()
  })
})
