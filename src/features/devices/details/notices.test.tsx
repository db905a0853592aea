import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { appListAsked } from '@/entities/app/app-list-requests'
import { Notices } from './notices'

const now = Date.UTC(2026, 10, 23, 12)

/** The app list notice two minutes after asking a device last in touch `seenAgoMs` ago. */
function slowNotice(clientId: string, seenAgoMs: number): string {
  const lastContact = new Date(now - seenAgoMs)
  appListAsked(clientId, lastContact, now - 2 * 60_000)
  const { unmount } = render(
    <MemoryRouter>
      <Notices
        notice={{ id: 1, kind: 'appList' }}
        clientId={clientId}
        name="Anna's iPhone"
        lastContact={lastContact}
        now={now}
        onDismiss={() => {}}
      />
    </MemoryRouter>,
  )
  const text = screen.getByRole('status').textContent ?? ''
  unmount()
  return text
}

describe('an app list the device has not sent yet', () => {
  it('is said by how recently the device was in touch', () => {
    const seenNow = slowNotice('recent', 3 * 60_000)
    expect(seenNow).toContain("Anna's iPhone was in touch 3 minutes ago")
    expect(seenNow).not.toContain('the next time it is online')
    expect(slowNotice('quiet', 3 * 3600_000)).toContain(
      "Anna's iPhone was last in touch 3 hours ago. It sends its app list once it is online again",
    )
  })
})
