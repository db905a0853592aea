import { render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { loadConfig } from '@/lib/config'
import { spoken } from '@/test/spoken'
import { Footer } from './footer'

async function withSettings(settings: object) {
  vi.stubGlobal('fetch', async () => Response.json(settings))
  await loadConfig()
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('Footer', () => {
  test("links to the tenant's help desk by e-mail, phone and web site", async () => {
    await withSettings({
      demo: false,
      helpdesk: {
        email: 'it@example.com',
        phone: '+49 (30) 123 45-67',
        url: 'https://help.example.com/it',
      },
    })
    render(<Footer />)
    expect(screen.getByText(/Contact your IT help desk:/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'it@example.com' })).toHaveAttribute(
      'href',
      'mailto:it@example.com',
    )
    expect(screen.getByRole('link', { name: '+49 (30) 123 45-67' })).toHaveAttribute(
      'href',
      'tel:+49301234567',
    )
    expect(screen.getByRole('link', { name: 'Help desk website' })).toHaveAttribute(
      'href',
      'https://help.example.com/it',
    )
    expect(screen.queryByRole('link', { name: 'Demo mailbox' })).not.toBeInTheDocument()
    // The dots between the ways are for the eye, not read out as "middle dot".
    const line = screen.getByText(/Contact your IT help desk:/)
    expect(line).toHaveTextContent('it@example.com · +49 (30) 123 45-67 · Help desk website')
    expect(spoken(line)).not.toContain('·')
  })

  test('without a help desk: a plain sentence; on the demo: the demo mailbox', async () => {
    await withSettings({ demo: true, helpdesk: { url: 'javascript:alert(1)' } })
    render(<Footer />)
    expect(screen.getByText('Need help? Contact your IT help desk.')).toBeInTheDocument()
    expect(screen.getAllByRole('link')).toHaveLength(1)
    expect(screen.getByRole('link', { name: 'Demo mailbox' })).toHaveAttribute('href', '/outbox')
  })

  test("the help desk's hours and the organisation's privacy statement and terms", async () => {
    await withSettings({
      helpdesk: { email: 'it@example.com', hours: { en: 'Mon–Fri 8–18', de: 'Mo–Fr 8–18 Uhr' } },
      branding: {
        privacyUrl: 'https://acme.example/privacy',
        termsUrl: 'https://acme.example/terms',
      },
    })
    render(<Footer />)
    expect(screen.getByText('Opening hours: Mon–Fri 8–18')).toBeInTheDocument()
    const legal = screen.getByRole('navigation', { name: 'Legal' })
    expect(within(legal).getByRole('link', { name: 'Privacy statement' })).toHaveAttribute(
      'href',
      'https://acme.example/privacy',
    )
    expect(within(legal).getByRole('link', { name: 'Terms of use' })).toHaveAttribute(
      'href',
      'https://acme.example/terms',
    )
  })

  test('a link that is no web address is left out, whatever the settings say', async () => {
    await withSettings({ branding: { privacyUrl: 'javascript:alert(1)', termsUrl: '/terms' } })
    render(<Footer />)
    expect(screen.queryByRole('navigation', { name: 'Legal' })).not.toBeInTheDocument()
  })
})
