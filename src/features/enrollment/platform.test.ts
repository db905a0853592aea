import { describe, expect, it } from 'vitest'
import {
  defaultFileName,
  detectPlatform,
  isIosOtherBrowser,
  needsManagedAppleId,
  profileRequest,
} from './platform'

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1',
  ipadDesktop:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36',
  windows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36',
}

describe('detectPlatform', () => {
  it('knows iPhone, Android and Mac', () => {
    expect(detectPlatform({ userAgent: UA.iphone, maxTouchPoints: 5 })).toBe('ios')
    expect(detectPlatform({ userAgent: UA.android, maxTouchPoints: 5 })).toBe('android')
    expect(detectPlatform({ userAgent: UA.ipadDesktop, maxTouchPoints: 0 })).toBe('macos')
  })

  it('tells an iPad that asks for desktop pages by its touch screen', () => {
    expect(detectPlatform({ userAgent: UA.ipadDesktop, maxTouchPoints: 5 })).toBe('ios')
  })

  it('has no platform for a Windows or Linux computer', () => {
    expect(detectPlatform({ userAgent: UA.windows, maxTouchPoints: 0 })).toBeNull()
  })

  it('notices browsers on iOS that cannot install profiles', () => {
    expect(isIosOtherBrowser({ userAgent: UA.iphoneChrome, maxTouchPoints: 5 })).toBe(true)
    expect(isIosOtherBrowser({ userAgent: UA.iphone, maxTouchPoints: 5 })).toBe(false)
    expect(isIosOtherBrowser({ userAgent: UA.android, maxTouchPoints: 5 })).toBe(false)
  })
})

describe('profileRequest', () => {
  it('maps device and owner to the interface fields', () => {
    expect(profileRequest('ios', 'company')).toEqual({ mdmtype: 'apple' })
    expect(profileRequest('ios', 'personal')).toEqual({ mdmtype: 'apple', byod: true })
    expect(profileRequest('macos', 'company')).toEqual({ mdmtype: 'apple', mac: true })
    expect(profileRequest('macos', 'personal')).toEqual({ mdmtype: 'apple', byod: true, mac: true })
    expect(profileRequest('android', 'company')).toEqual({ mdmtype: 'android' })
    expect(profileRequest('android', 'personal', true)).toEqual({
      mdmtype: 'android',
      byod: true,
      html: true,
    })
  })

  it('asks for a managed Apple ID only for personal Apple devices', () => {
    expect(needsManagedAppleId('ios', 'personal')).toBe(true)
    expect(needsManagedAppleId('macos', 'personal')).toBe(true)
    expect(needsManagedAppleId('ios', 'company')).toBe(false)
    expect(needsManagedAppleId('android', 'personal')).toBe(false)
  })
})

describe('defaultFileName', () => {
  it('names the file after the device and the content type', () => {
    expect(defaultFileName('ios', 'company', 'application/x-apple-aspen-config')).toBe(
      'enrollment-iphone.mobileconfig',
    )
    expect(defaultFileName('macos', 'personal', '')).toBe('enrollment-mac-personal.mobileconfig')
    expect(defaultFileName('android', 'personal', 'application/json; charset=utf-8')).toBe(
      'enrollment-android-personal.json',
    )
  })
})
