import { render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { changeLanguage } from '@/lib/i18n'
import type { App } from '@contract/schemas'
import { AppFacts } from './app-facts'

const chat: App = {
  id: 'AU8',
  displayname: 'Team Chat',
  platform: 'Apple',
  devicetype: 'SmartphoneAndTablet',
  compatibletodevice: true,
  mandatory: true,
  status: 0,
  actions: {
    install: { visible: true },
    uninstall: { visible: false },
    update: { visible: false },
  },
}

describe("an app's facts", () => {
  beforeEach(() => changeLanguage('en'))

  it('say what the app is, without the internal id an employee has no use for', () => {
    const { container } = render(<AppFacts app={chat} />)
    expect(screen.getByRole('heading', { name: 'About this app' })).toBeInTheDocument()
    expect(container).toHaveTextContent('Required by your organisation')
    expect(container).not.toHaveTextContent('AU8')
    expect(container).not.toHaveTextContent('App ID')
  })
})
