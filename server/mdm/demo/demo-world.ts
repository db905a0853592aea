import type { FastifyBaseLogger } from 'fastify'
import { DEMO_ADMINS, DEMO_APPS, DEMO_DEVICES, DEMO_TENANTS, DEMO_USERS } from './demo-data.ts'
import { NEW_USER_SID } from './demo-ids.ts'
import { addLargeDemo } from './large-demo.ts'
import { DEFAULT_LARGE_DEMO } from './large-demo-size.ts'
import { sendInvitation } from '../model/mail.ts'
import { defaultSettings, type ReferenceApiOptions } from '../options.ts'
import { hashDemoPassword } from '../model/passwords.ts'
import type { AdminRecord, DeviceRecord, UserRecord } from '../model/records.ts'
import type { World } from '../model/world.ts'

/** What every new world is made from: the options and the demo password hashes. */
export interface WorldSeed {
  options: ReferenceApiOptions
  hashes: ReadonlyMap<string, string>
  log: FastifyBaseLogger
}

export async function prepareSeed(
  options: ReferenceApiOptions,
  log: FastifyBaseLogger,
): Promise<WorldSeed> {
  const passwords = [...DEMO_ADMINS, ...DEMO_USERS].flatMap((account) =>
    account.password === null ? [] : [account.password],
  )
  const hashes = new Map<string, string>()
  for (const password of passwords) hashes.set(password, await hashDemoPassword(password))
  return { options, hashes, log }
}

/** A fresh world with the demo data; times are relative to now. */
export function createWorld(id: string, seed: WorldSeed): World {
  const createdAt = Date.now()
  const hashOf = (password: string | null) =>
    password === null ? null : (seed.hashes.get(password) ?? null)

  const admins: AdminRecord[] = DEMO_ADMINS.map(({ password, ...admin }) => ({
    ...admin,
    tenantIds: [...admin.tenantIds],
    passwordHash: hashOf(password),
  }))
  const users = DEMO_USERS.map(({ password, ...user }): UserRecord => ({
    ...user,
    passwordHash: hashOf(password),
    appIds: new Set(user.appIds),
  }))
  const devices = DEMO_DEVICES.map(
    ({ lastContactAgoMs, location, apps, ...device }): DeviceRecord => ({
      ...device,
      lastcontact: createdAt - lastContactAgoMs,
      location: location && {
        latitude: location.latitude,
        longitude: location.longitude,
        timestamp: createdAt - location.agoMs,
      },
      apps: new Map(
        apps.map(([appId, status, statusdetails, updateAvailable]) => [
          appId,
          { status, statusdetails, updateAvailable },
        ]),
      ),
    }),
  )

  const world: World = {
    id,
    portalUrl: seed.options.portalUrl,
    microsoftIdp: seed.options.microsoftIdp ?? false,
    settings: defaultSettings(seed.options),
    clockOffsetMs: 0,
    tenants: new Map(DEMO_TENANTS.map((tenant) => [tenant.id, tenant])),
    admins,
    users: new Map(users.map((user) => [user.sid, user])),
    devices: new Map(devices.map((device) => [device.clientid, device])),
    apps: new Map(DEMO_APPS.map((app) => [app.id, { ...app }])),
    tokens: new Map(),
    resetTokens: new Map(),
    signInFailures: new Map(),
    commands: new Map(),
    nextCommandId: 1,
    enrollments: new Map(),
    outbox: [],
    nextMailId: 1,
    log: seed.log,
  }
  const large = seed.options.largeDemo
  if (large) addLargeDemo(world, createdAt, large === true ? DEFAULT_LARGE_DEMO : large)

  // The invited demo user was created with sendemail: the invitation waits in the outbox.
  const invited = world.users.get(NEW_USER_SID)
  if (invited) sendInvitation(world, invited)
  return world
}
