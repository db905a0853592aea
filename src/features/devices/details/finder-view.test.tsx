import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Device } from '@contract/schemas'
import { FinderView } from './finder-view'

const device = { clientid: 'phone' } as Device
const now = Date.parse('2026-11-27T10:00:00Z')
const sentHere = {
  message: 'Please call me.',
  phonenumber: '+49 30 1234567',
  footnote: '',
  sentAt: now - 120_000,
}

describe('FinderView', () => {
  it('shows the text on record, and says when this browser sent it', () => {
    const { rerender } = render(
      <FinderView
        device={device}
        finder={sentHere}
        now={now}
        recorded={{ message: 'Please call me.', phonenumber: '+49 30 1234567' }}
      />,
    )
    const screenNow = screen.getByRole('figure', { name: 'What a finder sees on the lock screen' })
    expect(screenNow).toHaveTextContent('Please call me.')
    expect(screen.getByText(/^Sent from this browser/)).toBeInTheDocument()

    rerender(
      <FinderView
        device={device}
        finder={null}
        now={now}
        recorded={{ message: 'Sent by the help desk', phonenumber: '+49 30 7654321' }}
      />,
    )
    expect(screen.getByRole('figure')).toHaveTextContent('Sent by the help desk')
    expect(screen.getByText('As last sent through the portal.')).toBeInTheDocument()
  })

  it('says when it was sent: "just now" in its first minute, then how long ago', () => {
    const { rerender } = render(
      <FinderView device={device} finder={{ ...sentHere, sentAt: now - 5_000 }} now={now} />,
    )
    expect(screen.getByText('Sent from this browser just now.')).toBeInTheDocument()
    rerender(<FinderView device={device} finder={sentHere} now={now} />)
    expect(screen.getByText('Sent from this browser 2 minutes ago.')).toBeInTheDocument()
  })

  it('says it cannot know when nothing on record sent lost mode, rather than guess', () => {
    render(<FinderView device={device} finder={null} now={now} recorded={null} />)
    expect(screen.queryByRole('figure')).toBeNull()
    expect(
      screen.getByText(/^The text on its screen was not sent through the portal/),
    ).toBeVisible()
  })

  it('shows what this browser has just sent while the records have not caught up', () => {
    render(<FinderView device={device} finder={sentHere} now={now} recorded={null} />)
    expect(screen.getByRole('figure')).toHaveTextContent('Please call me.')
    expect(screen.getByText(/^Sent from this browser/)).toBeInTheDocument()
  })

  it('without records, shows what this browser sent, or that it sent nothing', () => {
    const { rerender } = render(<FinderView device={device} finder={sentHere} now={now} />)
    expect(screen.getByRole('figure')).toHaveTextContent('Please call me.')
    rerender(<FinderView device={device} finder={null} now={now} />)
    expect(screen.getByText(/^This browser did not send the text/)).toBeVisible()
    rerender(<FinderView device={device} finder={undefined} now={now} />)
    expect(document.body.textContent).toBe('')
  })
})
