/**
 * The help desk's additions to the fixtures: the demo administrator, and a session of theirs
 * seeded the way the sign-in page leaves it (token and role in sessionStorage).
 */
import { seedSession, test as base, tokenOf } from './fixtures'

export const admin = { email: 'admin@example.com', password: 'Admin-Demo-1' } as const
/** A role of the help desk that may read but neither locate a device nor turn on lost mode. */
export const auditor = { email: 'auditor@example.com', password: 'Auditor-Demo-1' } as const

export const IDS = {
  annaIphone: '3f6d2c1a-8b7e-4f5d-9c0b-1a2e3d4f5a61',
  annaPixel: '5b8e1d2c-3a4f-4e6b-8d9c-0f1e2a3b4c72',
  benGalaxy: '9e2c5b6a-7d8f-4c0e-a1b2-3c4d5e6f7a94',
  annaSid: 'a7c3e1f0-5b2d-4c8e-9f61-2d3b4a5c6e71',
} as const

export const test = base.extend<{ signInAdmin: (path?: string) => Promise<void> }>({
  signInAdmin: async ({ page, request }, use) => {
    await use(async (path = '/admin/users') => {
      await seedSession(page, await tokenOf(request, admin, 'admin'), 'admin')
      await page.goto(path)
    })
  },
})

export { beside, clickTwice, expect, opensWithItsReadFirst } from './fixtures'
