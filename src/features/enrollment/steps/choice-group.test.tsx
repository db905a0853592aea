import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ChoiceGroup } from './choice-group'

// A card's hint is its description: in its name too, a screen reader would read it twice
// ("Company device Provided by your employer… radio button, Provided by your employer…").
describe('a choice with a hint', () => {
  it('is named by its label and described by its hint, each once', () => {
    render(
      <ChoiceGroup
        name="owner"
        legend="Who owns it?"
        options={[
          { value: 'company', label: 'Company device', hint: 'Provided by your employer.' },
          { value: 'personal', label: 'Personal device' },
        ]}
        value={null}
        onChange={() => {}}
        error="Choose who owns the device."
      />,
    )
    const company = screen.getByRole('radio', { name: 'Company device' })
    expect(company).toHaveAccessibleDescription(
      'Provided by your employer. Choose who owns the device.',
    )
    expect(screen.getByRole('radio', { name: 'Personal device' })).toHaveAccessibleDescription(
      'Choose who owns the device.',
    )
  })
})
