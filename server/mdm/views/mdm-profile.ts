import { createHash, randomBytes } from 'node:crypto'
import { toPlist, type PlistValue } from './plist.ts'
import type { ProfileVariant } from '../model/profile-variant.ts'
import type { Tenant, UserRecord } from '../model/records.ts'

/**
 * Enrollment profiles (spec: user/mdmprofile). They are well-formed and complete in shape, but
 * point at the placeholder server mdm.example.com; the device that "installs" one is simulated
 * (an enrollment in the model). Apple variants are configuration profiles (.mobileconfig); Android ones are
 * JSON files.
 */

const SERVER = 'https://mdm.example.com'

/**
 * The SHA-256 of the (placeholder) management app's signing certificate, in URL-safe Base64
 * without padding, as Android's provisioning extras carry it.
 */
const AGENT_SIGNATURE_CHECKSUM = createHash('sha256')
  .update('com.example.mdm.agent signing certificate')
  .digest('base64url')

/** The name the file is sent under (Content-Disposition), also on the enrollment page's link. */
export function profileFileName(variant: ProfileVariant): string {
  return `enrollment-${variant}.${variant.startsWith('android') ? 'json' : 'mobileconfig'}`
}

/** The same user and variant always get the same ids, so a downloaded profile is stable. */
function stableId(...parts: string[]): string {
  const hex = createHash('sha256').update(parts.join('\n')).digest('hex')
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    `5${hex.slice(13, 16)}`,
    `a${hex.slice(17, 20)}`,
    hex.slice(20, 32),
  ]
    .join('-')
    .toUpperCase()
}

/**
 * The credential a device enrolls with: random for each download, as a service hands it out, so
 * that nobody can work it out from the user's id and a copy from an earlier download is not this
 * one. (The profile's own ids stay stable.)
 */
function enrollmentToken(): string {
  return randomBytes(24).toString('base64url')
}

const APPLE_NAMES: Record<string, { id: string; name: string }> = {
  ios: { id: 'device', name: 'Device enrollment' },
  'ios-byod': { id: 'user', name: 'User Enrollment' },
  macos: { id: 'macos', name: 'macOS enrollment' },
  'macos-byod': { id: 'macos-user', name: 'macOS User Enrollment' },
}

export function appleProfile(user: UserRecord, tenant: Tenant, variant: ProfileVariant): string {
  const names = APPLE_NAMES[variant] ?? { id: 'device', name: 'Device enrollment' }
  const identifier = `com.example.mdm.${tenant.id}.enrollment.${names.id}`
  const byod = variant === 'ios-byod' || variant === 'macos-byod'
  const acmeUuid = stableId(user.sid, variant, 'acme')
  const acme: PlistValue = {
    PayloadType: 'com.apple.security.acme',
    PayloadIdentifier: `${identifier}.identity`,
    PayloadUUID: acmeUuid,
    PayloadVersion: 1,
    PayloadDisplayName: 'Device identity',
    DirectoryURL: `${SERVER}/acme/directory`,
    ClientIdentifier: enrollmentToken(),
    KeyType: 'ECSECPrimeRandom',
    KeySize: 384,
    HardwareBound: true,
    Subject: [[['CN', user.email]]],
  }
  const mdm: Record<string, PlistValue> = {
    PayloadType: 'com.apple.mdm',
    PayloadIdentifier: `${identifier}.mdm`,
    PayloadUUID: stableId(user.sid, variant, 'mdm'),
    PayloadVersion: 1,
    PayloadDisplayName: 'Mobile Device Management',
    ServerURL: `${SERVER}/mdm/server`,
    CheckInURL: `${SERVER}/mdm/checkin`,
    Topic: 'com.apple.mgmt.External.7c1d3b5e-0a2f-4e68-9b4d-2f6a8c0e1d35',
    IdentityCertificateUUID: acmeUuid,
    SignMessage: true,
    CheckOutWhenRemoved: true,
    ServerCapabilities: ['com.apple.mdm.per-user-connections', 'com.apple.mdm.bootstraptoken'],
  }
  // User Enrollment (personal devices) names the managed Apple ID; device enrollment asks for rights.
  if (byod)
    Object.assign(mdm, {
      AssignedManagedAppleID: user.managedappleid ?? '',
      EnrollmentMode: 'BYOD',
    })
  else mdm.AccessRights = 8191

  return toPlist({
    PayloadContent: [acme, mdm],
    PayloadDisplayName: `${names.name} – ${tenant.name}`,
    PayloadDescription: `Lets ${tenant.name} manage this device for ${user.displayname}.`,
    PayloadIdentifier: identifier,
    PayloadOrganization: tenant.name,
    PayloadType: 'Configuration',
    PayloadUUID: stableId(user.sid, variant, 'profile'),
    PayloadVersion: 1,
    PayloadScope: variant === 'macos-byod' ? 'User' : 'System',
    PayloadRemovalDisallowed: false,
  })
}

/** The Android enrollment file; for a company device it holds the QR provisioning extras. */
export function androidProfile(user: UserRecord, tenant: Tenant, variant: ProfileVariant): string {
  const token = enrollmentToken()
  const common = {
    tenant: tenant.id,
    user: user.email,
    serverUrl: `${SERVER}/android`,
    enrollmentToken: token,
  }
  const file =
    variant === 'android-work-profile'
      ? {
          kind: 'androidEnrollment',
          mode: 'workProfile',
          ...common,
          agentUrl: 'https://play.google.com/store/apps/details?id=com.example.mdm.agent',
        }
      : {
          kind: 'androidEnrollment',
          mode: 'fullyManaged',
          ...common,
          provisioning: {
            'android.app.extra.PROVISIONING_DEVICE_ADMIN_COMPONENT_NAME':
              'com.example.mdm.agent/.AdminReceiver',
            'android.app.extra.PROVISIONING_DEVICE_ADMIN_PACKAGE_DOWNLOAD_LOCATION': `${SERVER}/android/agent.apk`,
            // A setup wizard installs the downloaded app only when its signing certificate has
            // this checksum; without it, the code drawn from this file fails on a real phone.
            'android.app.extra.PROVISIONING_DEVICE_ADMIN_SIGNATURE_CHECKSUM':
              AGENT_SIGNATURE_CHECKSUM,
            'android.app.extra.PROVISIONING_ADMIN_EXTRAS_BUNDLE': {
              enrollmentToken: token,
              serverUrl: common.serverUrl,
            },
          },
        }
  return `${JSON.stringify(file, null, 2)}\n`
}
