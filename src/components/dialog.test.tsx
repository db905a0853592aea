import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { startTransition, useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { Dialog } from './dialog'

/** A page whose button opens the dialog as the device's actions do: as a transition. */
function Page() {
  const [open, setOpen] = useState(true)
  return (
    <>
      <button type="button" onClick={() => startTransition(() => setOpen(true))}>
        Lock…
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Lock Anna's iPhone?">
        <p>Locks the screen.</p>
      </Dialog>
    </>
  )
}

describe('Dialog', () => {
  afterEach(cleanup)

  it('opens again at once after Escape, whenever the close event of the Escape comes', () => {
    const { container } = render(<Page />)
    const dialog = container.querySelector('dialog')
    if (!dialog) throw new Error('no dialog')
    expect(dialog.open).toBe(true)

    fireEvent(dialog, new Event('cancel', { cancelable: true }))
    expect(dialog.open).toBe(false)

    // Enter on the button at once: its opening is still being rendered when the browser's close
    // event, queued when the dialog closed, arrives. It must not close the dialog opened again.
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Lock…' }))
      dialog.dispatchEvent(new Event('close'))
    })
    expect(dialog.open).toBe(true)
  })

  it('closes when the platform closes it (a form of method "dialog")', () => {
    const { container } = render(<Page />)
    const dialog = container.querySelector('dialog')
    if (!dialog) throw new Error('no dialog')
    act(() => {
      dialog.close()
      dialog.dispatchEvent(new Event('close'))
    })
    expect(screen.queryByText('Locks the screen.')).toBeNull()
  })
})
