import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FormErrorSummary } from './form-error-summary'

// On submit the focus goes to the first field to fix, which is read with its error: an alert
// saying the form needs fixing would be heard over it, a second time.
describe('the summary of a form that needs fixing', () => {
  it('is shown, not announced', () => {
    render(<FormErrorSummary count={1} />)
    expect(screen.getByText('Please correct the field marked below.')).toBeVisible()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
