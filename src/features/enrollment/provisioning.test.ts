import { describe, expect, it } from 'vitest'
import { provisioningPayload } from './provisioning'

const EXTRAS = {
  'android.app.extra.PROVISIONING_DEVICE_ADMIN_COMPONENT_NAME':
    'com.example.mdm.agent/.AdminReceiver',
  'android.app.extra.PROVISIONING_DEVICE_ADMIN_PACKAGE_DOWNLOAD_LOCATION':
    'https://mdm.example.com/android/agent.apk',
  'android.app.extra.PROVISIONING_ADMIN_EXTRAS_BUNDLE': {
    enrollmentToken: 'abc',
    serverUrl: 'https://mdm.example.com/android',
  },
}

describe('the setup wizard’s QR code text', () => {
  it('is the profile’s provisioning extras as they are, and nothing else of the file', () => {
    const profile = {
      kind: 'androidEnrollment',
      mode: 'fullyManaged',
      user: 'anna@example.com',
      enrollmentToken: 'abc',
      provisioning: EXTRAS,
    }
    const payload = provisioningPayload(JSON.stringify(profile))
    expect(JSON.parse(payload ?? 'null')).toEqual(EXTRAS)
    expect(payload).not.toContain('anna@example.com')
  })

  it('takes a profile that is the provisioning JSON itself, keeping only Android’s keys', () => {
    const payload = provisioningPayload(JSON.stringify({ ...EXTRAS, comment: 'for the QR code' }))
    expect(JSON.parse(payload ?? 'null')).toEqual(EXTRAS)
  })

  it('is null for a work profile file, a file without the admin app, or no JSON at all', () => {
    const workProfile = { kind: 'androidEnrollment', mode: 'workProfile', enrollmentToken: 'x' }
    expect(provisioningPayload(JSON.stringify(workProfile))).toBeNull()
    expect(
      provisioningPayload(
        JSON.stringify({
          provisioning: { 'android.app.extra.PROVISIONING_WIFI_SSID': 'Office' },
        }),
      ),
    ).toBeNull()
    expect(provisioningPayload(JSON.stringify({ provisioning: 'none' }))).toBeNull()
    expect(provisioningPayload('<plist/>')).toBeNull()
    expect(provisioningPayload('[]')).toBeNull()
  })
})
