import { act, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { appListAsked, noteDeviceRead } from '@/entities/app/app-list-requests'
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

describe('a command the device has not answered', () => {
  function waitingText(sentAgoMs: number): { text: string; spinner: boolean } {
    const { container, unmount } = render(
      <MemoryRouter>
        <Notices
          notice={{
            id: 1,
            kind: 'waiting',
            action: 'lockscreen',
            sentAt: new Date(now - sentAgoMs),
          }}
          clientId="pixel"
          name="Anna's Pixel"
          lastContact={new Date(now - 2 * 3600_000)}
          now={now}
          onDismiss={() => {}}
        />
      </MemoryRouter>,
    )
    const result = {
      text: screen.getByRole('status').textContent ?? '',
      spinner: container.querySelector('.spinner') !== null,
    }
    unmount()
    return result
  }

  it('is waited for at first', () => {
    expect(waitingText(5 * 60_000)).toEqual({
      text: expect.stringContaining("Sent to Anna's Pixel. Waiting for the device to answer"),
      spinner: true,
    })
  })

  // After an hour the overview (pending.sinceLong) says why and what to do; the notice says no more
  // than when it was sent and that no answer came, not "waiting for the device to answer…" with a
  // spinner, nor the overview's words again.
  it('after an hour is said not to have answered, without a spinner', () => {
    const { text, spinner } = waitingText(61 * 60_000)
    expect(text).toContain("Sent to Anna's Pixel 1 hour ago. It has not answered yet.")
    expect(text).not.toContain('off or offline')
    expect(text).not.toContain('Waiting for the device to answer')
    expect(spinner).toBe(false)
  })
})

// A live region speaks all of its text when it changes: a button in it would be read out with the
// news ("Screen locked. Dismiss"). The buttons stay next to the news, outside what is spoken.
describe('what the live region speaks', () => {
  it('is the news alone, with its buttons outside it', () => {
    const { rerender } = render(
      <MemoryRouter>
        <Notices
          notice={null}
          clientId="iphone"
          name="Anna's iPhone"
          lastContact={null}
          now={now}
          onDismiss={() => {}}
        />
      </MemoryRouter>,
    )
    // The region is there before the news, so that the news is heard when it comes.
    const status = screen.getByRole('status')
    rerender(
      <MemoryRouter>
        <Notices
          notice={{ id: 2, kind: 'done', key: 'done.lock' }}
          clientId="iphone"
          name="Anna's iPhone"
          lastContact={null}
          now={now}
          onDismiss={() => {}}
          action={<button type="button">Show on the map</button>}
        />
      </MemoryRouter>,
    )
    expect(screen.getByRole('status')).toBe(status)
    expect(status).toHaveTextContent(/^Anna's iPhone is locked\.$/)
    expect(within(status).queryByRole('button')).toBeNull()
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeVisible()
    expect(screen.getByRole('button', { name: 'Show on the map' })).toBeVisible()
  })
})

// Reached with Tab or in browse mode after the news, "Dismiss" alone does not say what goes away.
describe('the button that dismisses a notice', () => {
  it('is described by the news it dismisses', () => {
    render(
      <MemoryRouter>
        <Notices
          notice={{ id: 3, kind: 'waiting', action: 'lockscreen', sentAt: new Date(now) }}
          clientId="pixel"
          name="Anna's Pixel"
          lastContact={null}
          now={now}
          onDismiss={() => {}}
        />
      </MemoryRouter>,
    )
    expect(screen.getByRole('button', { name: 'Dismiss' })).toHaveAccessibleDescription(
      "Sent to Anna's Pixel. Waiting for the device to answer…",
    )
  })
})

describe('an app list the device sent', () => {
  // The way to the apps is a link beside the news, not in the live region, where it would be
  // read out with it ("Anna's iPhone sent its app list. See the apps on Anna's iPhone").
  it('is said alone, with the way to the apps beside it', () => {
    const lastContact = new Date(now - 3 * 60_000)
    appListAsked('sent', lastContact, now - 60_000)
    render(
      <MemoryRouter>
        <Notices
          notice={{ id: 3, kind: 'appList' }}
          clientId="sent"
          name="Anna's iPhone"
          lastContact={lastContact}
          now={now}
          onDismiss={() => {}}
        />
      </MemoryRouter>,
    )
    act(() => noteDeviceRead({ clientid: 'sent', lastcontact: new Date(now) }, now))
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent(/^Anna's iPhone sent its app list\.$/)
    expect(within(status).queryByRole('link')).toBeNull()
    expect(screen.getByRole('link', { name: "See the apps on Anna's iPhone" })).toBeVisible()
  })
})
