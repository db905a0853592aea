import { act, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { spoken } from '@/test/spoken'
import { MicrosoftSignInError } from './failure'
import { MicrosoftFailure } from './microsoft-failure'

// An alert speaks all of its text when it comes: its button would be read out with the failure
// ("The account is not known here. … Use another account").
describe('a Microsoft sign-in with an account the service does not know', () => {
  it('says the failure alone, with "Use another account" beside it', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      render(
        <MicrosoftFailure
          failure={new MicrosoftSignInError('unknownAccount', { account: 'kim@example.com' })}
          onAnotherAccount={() => {}}
        />,
      )
      act(() => {
        vi.runAllTimers()
      })
    } finally {
      vi.useRealTimers()
    }
    const alert = screen.getByRole('alert')
    expect(spoken(alert)).toContain('kim@example.com')
    expect(spoken(alert)).not.toContain('Use another account')
    expect(within(alert).queryByRole('button')).toBeNull()
    expect(screen.getByRole('button', { name: 'Use another account' })).toBeVisible()
  })
})
