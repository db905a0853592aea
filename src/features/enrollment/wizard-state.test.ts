import { describe, expect, it } from 'vitest'
import { readWizardState, stepSearch, wizardPath } from './wizard-state'

const read = (search: string, detected: 'ios' | 'android' | 'macos' | null = null) =>
  readWizardState(new URLSearchParams(search), detected)

describe('readWizardState', () => {
  it('starts at choosing the device', () => {
    expect(read('')).toMatchObject({ platform: null, owner: null, step: 'device' })
  })

  it('reads the choices and the step from the address', () => {
    expect(read('platform=ios&owner=personal&step=profile')).toMatchObject({
      platform: 'ios',
      owner: 'personal',
      step: 'profile',
    })
  })

  it('goes back to the device step while a choice is missing or unknown', () => {
    expect(read('platform=ios&step=install').step).toBe('device')
    expect(read('platform=windows&owner=company&step=install').step).toBe('device')
    expect(read('platform=mac&owner=company&step=nonsense').step).toBe('device')
  })

  it('knows whether it runs on the device being enrolled, unless told', () => {
    expect(read('platform=ios&owner=company', 'ios').where).toBe('this')
    expect(read('platform=ios&owner=company', null).where).toBe('other')
    expect(read('platform=ios&owner=company&where=other', 'ios').where).toBe('other')
  })
})

describe('addresses', () => {
  it('builds the QR code address without a step or token', () => {
    expect(wizardPath('android', 'personal')).toBe('/enroll?platform=android&owner=personal')
  })

  it('keeps where the page is open unless the device changes', () => {
    const params = new URLSearchParams('platform=ios&owner=company&step=profile&where=other')
    const state = { platform: 'ios', owner: 'company' } as const
    expect(stepSearch(state, params, 'install')).toBe(
      '?platform=ios&owner=company&step=install&where=other',
    )
    expect(stepSearch(state, params, 'check', { platform: 'macos' })).toBe(
      '?platform=mac&owner=company&step=check',
    )
  })
})
