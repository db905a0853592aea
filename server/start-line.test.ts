import { describe, expect, it } from 'vitest'
import { demoSignIn } from './mdm/plugin.ts'
import { startLine } from './start-line.ts'

describe('startLine', () => {
  it('tells where the demo portal is, how to sign in, and where its mail goes, in one line', () => {
    const line = startLine({ portalUrl: 'http://localhost:3000', mdmApiUrl: null }, demoSignIn())
    expect(line).toBe(
      'The portal is listening: open http://localhost:3000 and sign in as anna@example.com / Demo-Pass-1 (help desk: admin@example.com / Admin-Demo-1); the demo mailbox is http://localhost:3000/outbox',
    )
    expect(line).not.toContain('\n')
  })

  it('in front of a real service names no demo account', () => {
    expect(
      startLine(
        { portalUrl: 'https://portal.example.com', mdmApiUrl: 'https://mdm.example.com/x' },
        null,
      ),
    ).toBe(
      'The portal is listening: open https://portal.example.com (MDM service: https://mdm.example.com)',
    )
  })
})
