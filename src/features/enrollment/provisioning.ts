import { z } from '@contract/zod'

/**
 * What a new or reset Android phone's setup wizard reads from a QR code: a JSON object of
 * Android's provisioning extras (`android.app.extra.PROVISIONING_*`: the management app, where
 * to download it, and the extras bundle it starts with). The company phone's enrollment profile
 * holds them, either under `provisioning` or as the file itself; they go into the code exactly as
 * the profile gives them, and nothing else from the file does.
 */
const PREFIX = 'android.app.extra.PROVISIONING_'
/** The setup wizard needs to know which app becomes the device's administrator. */
const ADMIN_KEYS = [
  `${PREFIX}DEVICE_ADMIN_COMPONENT_NAME`,
  `${PREFIX}DEVICE_ADMIN_PACKAGE_NAME`,
] as const

const extrasSchema = z.record(z.string(), z.unknown())
const sectionSchema = z.looseObject({ provisioning: extrasSchema })

/** The QR code's text for the setup wizard, or null when the profile holds no provisioning. */
export function provisioningPayload(profileText: string): string | null {
  let json: unknown
  try {
    json = JSON.parse(profileText)
  } catch {
    return null
  }
  const section = sectionSchema.safeParse(json)
  const source = section.success ? section.data.provisioning : extrasSchema.safeParse(json).data
  if (!source) return null
  const extras = Object.fromEntries(
    Object.entries(source).filter(([key]) => key.startsWith(PREFIX)),
  )
  return ADMIN_KEYS.some((key) => typeof extras[key] === 'string') ? JSON.stringify(extras) : null
}
