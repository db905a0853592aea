import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { changeLanguage } from '@/lib/i18n'
import type { Platform } from './platform'
import { WizardProgress } from './wizard-progress'

function renderSteps(platform: Platform, complete = false) {
  render(
    <MemoryRouter>
      <WizardProgress
        step="install"
        complete={complete}
        platform={platform}
        linkTo={(step) => ({ to: { search: `?step=${step}` }, replace: true, onClick: () => {} })}
      />
    </MemoryRouter>,
  )
}

function steps(platform: Platform) {
  renderSteps(platform)
  const list = screen.getByRole('list')
  const names = within(list)
    .getAllByRole('listitem')
    .map((item) => (item.textContent ?? '').replace(/^\d+/, '').replace(/ \(.*\)$/, ''))
  cleanup()
  return names
}

describe("the enrollment's steps", () => {
  afterEach(async () => {
    cleanup()
    await changeLanguage('en')
  })

  it('name a profile for an iPhone and a Mac, which install one', async () => {
    await changeLanguage('en')
    expect(steps('ios')).toEqual(['Device', 'Check', 'Profile', 'Install'])
    expect(steps('macos')).toEqual(['Device', 'Check', 'Profile', 'Install'])
  })

  it('name a setup for Android, which gets no profile to install', async () => {
    await changeLanguage('en')
    expect(steps('android')).toEqual(['Device', 'Check', 'Start', 'Set up'])
    await changeLanguage('de')
    expect(steps('android')).toEqual(['Gerät', 'Prüfen', 'Start', 'Einrichten'])
    expect(steps('ios')).toEqual(['Gerät', 'Prüfen', 'Profil', 'Installieren'])
  })

  it('are all done once the new device has arrived: the last one too, still the one shown', async () => {
    await changeLanguage('en')
    renderSteps('android', true)
    const items = within(screen.getByRole('list')).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      '1Device (completed)',
      '2Check (completed)',
      '3Start (completed)',
      '4Set up (completed)',
    ])
    expect(items[3]).toHaveAttribute('aria-current', 'step')
    // The step shown is no link to itself.
    expect(within(items[3] as HTMLElement).queryByRole('link')).toBeNull()
    cleanup()
    await changeLanguage('de')
    renderSteps('ios', true)
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent(
      'Installieren (erledigt)',
    )
  })
})
