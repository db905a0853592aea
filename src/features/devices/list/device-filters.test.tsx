import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { changeLanguage } from '@/lib/i18n'
import { DeviceFilters } from './device-filters'
import { readListParams } from './list-params'

function show(query: string) {
  const onClear = vi.fn()
  const params = readListParams(new URLSearchParams(query))
  render(<DeviceFilters params={params} onChange={() => undefined} onClear={onClear} />)
  return { onClear, summary: within(document.querySelector('summary') as HTMLElement) }
}

describe('the device list filters', () => {
  afterEach(async () => {
    cleanup()
    await changeLanguage('en')
  })

  it('count a range only where the list applies it, and open with it to mend or clear', () => {
    const reversed = show('contactFrom=2024-05-03&contactTo=2024-05-02')
    // Ignored, as the page says: nothing in the count, but the panel is open with the fields.
    expect(reversed.summary.queryByText(/active/)).toBeNull()
    expect(document.querySelector('details')).toHaveProperty('open', true)
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The start date is after the end date, so this range is ignored.',
    )
    screen.getByRole('button', { name: 'Clear filters' }).click()
    expect(reversed.onClear).toHaveBeenCalledOnce()
    cleanup()

    const applied = show('wiped=false&contactFrom=2024-05-01&contactTo=2024-05-02')
    expect(applied.summary.getByText('2 active')).toBeInTheDocument()
  })

  // WebKit draws today's date, greyed, in an empty date field: it must not read as a filter set.
  // A screen reader's list of fields shows each by its own name, without the group's legend:
  // each says which range it belongs to, after the "From" or "To" it shows.
  it.each([
    [
      'en',
      [
        'From (last contact)',
        'To (last contact)',
        'From (location recorded)',
        'To (location recorded)',
      ],
      'An empty date sets no limit.',
    ],
    [
      'de',
      [
        'Von (letzter Kontakt)',
        'Bis (letzter Kontakt)',
        'Von (Standort erfasst)',
        'Bis (Standort erfasst)',
      ],
      'Ein leeres Datum setzt keine Grenze.',
    ],
  ] as const)(
    'name each date by its range and say that an empty one filters nothing (%s)',
    async (language, names, hint) => {
      await changeLanguage(language)
      show('')
      for (const name of names) {
        const date = screen.getByLabelText(name)
        expect(date).toHaveAccessibleName(name)
        expect(date).toHaveAccessibleDescription(hint)
      }
    },
  )
})

// Firefox changes a closed select, and a date field, on each arrow key: the changes while the
// field keeps the focus are one choice, one entry of the history; a new focus starts another.
describe('a filter changed with the arrow keys', () => {
  afterEach(cleanup)

  it('is a new entry on its first change only, until the field is left or pressed again', () => {
    const onChange = vi.fn()
    render(
      <DeviceFilters
        params={readListParams(new URLSearchParams('managed=true'))}
        onChange={onChange}
        onClear={() => undefined}
      />,
    )
    const managed = screen.getByLabelText('Management')
    fireEvent.focus(managed)
    fireEvent.change(managed, { target: { value: 'false' } })
    fireEvent.change(managed, { target: { value: '' } })
    expect(onChange.mock.calls).toEqual([
      [{ managed: false }, true],
      [{ managed: null }, false],
    ])
    fireEvent.pointerDown(managed)
    fireEvent.change(managed, { target: { value: 'true' } })
    expect(onChange).toHaveBeenLastCalledWith({ managed: true }, true)

    onChange.mockClear()
    const from = screen.getByLabelText('From (last contact)')
    fireEvent.focus(from)
    fireEvent.change(from, { target: { value: '2024-05-01' } })
    fireEvent.change(from, { target: { value: '2024-05-02' } })
    fireEvent.blur(from)
    fireEvent.focus(from)
    fireEvent.change(from, { target: { value: '2024-05-03' } })
    expect(onChange.mock.calls).toEqual([
      [{ contactFrom: '2024-05-01' }, true],
      [{ contactFrom: '2024-05-02' }, false],
      [{ contactFrom: '2024-05-03' }, true],
    ])
  })
})
