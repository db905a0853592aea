import { afterEach, describe, expect, it } from 'vitest'
import { clearDraft, keepDraftOnlyFor, readDraft, saveDraft } from './draft'
import { session } from '@/lib/session'

const draft = {
  user: 'Anna@Example.com',
  owner: 'device-1',
  dialog: 'lock',
  values: { message: 'Please call me' },
}

afterEach(() => {
  clearDraft()
  session.expire()
})

describe('dialog drafts', () => {
  it('live in sessionStorage only, for the user who typed them', () => {
    saveDraft(draft)
    expect(readDraft()).toEqual({ ...draft, user: 'anna@example.com' })
    expect(JSON.stringify({ ...localStorage })).not.toContain('Please call me')
    keepDraftOnlyFor(' ANNA@example.com ')
    expect(readDraft()).not.toBeNull()
    keepDraftOnlyFor('ben@example.com')
    expect(readDraft()).toBeNull()
  })

  it('survive an expiry, not a sign-out', () => {
    session.start('token')
    saveDraft(draft)
    session.expire()
    expect(readDraft()).not.toBeNull()
    session.start('token')
    session.signOut()
    expect(readDraft()).toBeNull()
  })

  it('something else under the key is no draft', () => {
    sessionStorage.setItem('mdm.draft', '{"user":"x","values":{"pin":1}}')
    expect(readDraft()).toBeNull()
    sessionStorage.setItem('mdm.draft', 'not json')
    expect(readDraft()).toBeNull()
  })
})
