import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { EmailAddress } from './email-address'

const LONG = 'maximilian.mustermann-schmidt@verwaltung.example-konzern.de'

/**
 * The address's markup read as a line breaker reads it: each piece that must stay whole (a part
 * in a box of its own, which content.css keeps unbroken), and `|` for a break opportunity.
 */
function pieces(markup: string): string[] {
  const address = document.createElement('div')
  address.innerHTML = markup
  const root = address.firstElementChild
  if (!root) throw new Error('No address drawn')
  return [...root.childNodes].map((node) => {
    if (node instanceof HTMLElement && node.localName === 'wbr') return '|'
    if (node instanceof HTMLElement && node.className === 'email-address__part') {
      return `[${node.textContent}]`
    }
    return `loose ${node.nodeName}: ${node.textContent}`
  })
}

describe('an e-mail address', () => {
  it('may break after its @ and each dot, and nowhere else: not after a hyphen', () => {
    expect(pieces(renderToString(<EmailAddress address={LONG} />))).toEqual([
      '[maximilian.]',
      '|',
      '[mustermann-schmidt@]',
      '|',
      '[verwaltung.]',
      '|',
      '[example-konzern.]',
      '|',
      '[de]',
    ])
  })

  it('reads and copies as the address itself', () => {
    const box = document.createElement('div')
    box.innerHTML = renderToString(<EmailAddress address={LONG} />)
    expect(box.textContent).toBe(LONG)
    // The parts' boxes are no groups of their own to a screen reader.
    expect(box.querySelectorAll('.email-address__part:not([role="none"])')).toHaveLength(0)
    // Without a dot or @ to break after, it is one piece.
    expect(pieces(renderToString(<EmailAddress address="postmaster" />))).toEqual(['[postmaster]'])
  })
})
