import { describe, expect, it } from 'vitest'
import { hasResetLink, isInvitation } from './reset-link-address'

const kept = (join: boolean) => ({ resetLink: { token: 'abc', join, email: null } })

describe('a password link read without the page’s code', () => {
  it('is there in the address or kept in the history entry', () => {
    expect(hasResetLink({ search: '?token=abc', state: null })).toBe(true)
    expect(hasResetLink({ search: '', state: kept(false) })).toBe(true)
    expect(hasResetLink({ search: '?join=1', state: null })).toBe(false)
  })

  it('is an invitation when its address or its history entry says so', () => {
    expect(isInvitation({ search: '?token=abc&join=1', state: null })).toBe(true)
    expect(isInvitation({ search: '?join=true', state: kept(true) })).toBe(true)
    expect(isInvitation({ search: '', state: kept(true) })).toBe(true)
    expect(isInvitation({ search: '?token=abc', state: null })).toBe(false)
    expect(isInvitation({ search: '', state: kept(false) })).toBe(false)
  })
})
