import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LostModePreview } from './lost-mode-preview'

describe('LostModePreview', () => {
  it('shows the message, the number to call and the footnote as the lock screen does', () => {
    render(
      <LostModePreview
        message={'I lost this phone.\nPlease call me.'}
        phone=" +49 30 1234567 "
        footnote="Example Ltd."
      />,
    )
    const preview = screen.getByRole('figure', { name: 'What a finder sees on the lock screen' })
    expect(preview).toHaveTextContent('I lost this phone. Please call me.')
    expect(preview).toHaveTextContent('Call +49 30 1234567')
    expect(screen.getByText('Example Ltd.')).toHaveClass('lock-preview__footnote')
  })

  it('says where the message and number will go while they are empty', () => {
    render(<LostModePreview message="  " phone="" footnote="" />)
    expect(screen.getByText('Your message appears here.')).toBeInTheDocument()
    expect(screen.getByText('Your phone number appears here.')).toBeInTheDocument()
    expect(document.querySelector('.lock-preview__footnote')).toBeNull()
  })
})
