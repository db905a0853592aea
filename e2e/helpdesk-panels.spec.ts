import { mkdirSync } from 'node:fs'
import type { Route } from '@playwright/test'
import { BROWSER_LOCALE, textsOf } from './a11y-texts'
import { expect, IDS, test } from './admin-fixtures'
import { seedSession, tokenOf, users } from './fixtures'

/**
 * The help desk's app panel and the account's session list, as people see them: English on a
 * desktop in the light theme, German on a phone in the dark one. Screenshots go to
 * /tmp/shots-ux-helpdesk for a look.
 */
const SHOTS = '/tmp/shots-ux-helpdesk'
const VIEWS = [
  { language: 'en', width: 1280, theme: 'light' },
  { language: 'de', width: 375, theme: 'dark' },
] as const

for (const { language, width, theme } of VIEWS) {
  const t = textsOf(language)
  test.describe(`${language}, ${width} px, ${theme}`, () => {
    test.use({
      locale: BROWSER_LOCALE[language],
      viewport: { width, height: 900 },
      colorScheme: theme,
    })

    test("the help desk's app panel offers requests and says what the service does not tell", async ({
      page,
      signInAdmin,
      expectAccessible,
    }) => {
      await signInAdmin(`/admin/devices/${IDS.annaIphone}`)
      const panel = page.getByRole('region', { name: t('apps', 'admin.title') })
      await expect(panel.getByText(t('apps', 'admin.unknownState'))).toBeVisible()
      const request = panel.getByRole('button', {
        name: t('apps', 'actions.requestInstallApp', { app: 'Team Chat' }),
      })
      // A slow service, on purpose: the request is answered once the agent has left the device's
      // page and come back, which shows it still on its way and sends it no second time.
      const held: Route[] = []
      await page.route('**/api/mdm/v2/app/install', (route) => void held.push(route))
      await request.click()
      await expect.poll(() => held.length).toBe(1)
      await page.getByRole('link', { name: t('admin', 'devices.back') }).click()
      await expect(panel).toHaveCount(0)
      await page.goBack()
      await expect(request).toHaveAttribute('aria-disabled', 'true')
      await held[0]!.continue()
      // Shown in the app's row, and said by the panel's one status region.
      const sent = t('apps', 'admin.installSent', { app: 'Team Chat', device: "Anna's iPhone" })
      await expect(panel.locator('li.admin-app').getByText(sent)).toBeVisible()
      await expect(panel.getByRole('status').filter({ hasText: sent })).toHaveCount(1)
      await expect(request).not.toHaveAttribute('aria-disabled')
      expect(held).toHaveLength(1)
      await expectAccessible()
      mkdirSync(SHOTS, { recursive: true })
      await panel.screenshot({ path: `${SHOTS}/app-panel-${language}-${width}.png` })
    })

    test('sessions that ran out are listed as ended, with nothing to sign out there', async ({
      page,
      request,
      expectAccessible,
    }) => {
      // Two windows closed without signing out, then this one.
      await tokenOf(request, users.anna)
      await tokenOf(request, users.anna)
      await seedSession(page, await tokenOf(request, users.anna))
      // The server lists a session as ended once its token is past the service's lifetime
      // (server/sessions/records/ended-sessions.test.ts); an hour is not waited for here: the
      // real answer's other sessions are shown as having run out.
      await page.route('**/api/portal/records/account', async (route) => {
        const answer = await route.fetch()
        const json = (await answer.json()) as {
          data: {
            sessions: { current: boolean; lastUsedAt: string }[]
            endedSessions: unknown[]
            endedSessionsCount: number
          }
        }
        const ended = json.data.sessions.filter((session) => !session.current)
        json.data.sessions = json.data.sessions.filter((session) => session.current)
        json.data.endedSessions = ended.map((session) => ({
          ...session,
          endedAt: session.lastUsedAt,
        }))
        json.data.endedSessionsCount = ended.length
        await route.fulfill({ response: answer, json })
      })
      await page.goto('/account')
      const where = page.getByRole('region', { name: t('records', 'account.sessionsTitle') })
      const ended = where.getByRole('region', { name: t('records', 'account.endedTitle') })
      await expect(ended).toBeVisible()
      // The records are shared by the tests' worlds: Anna may have more sessions than these.
      const items = ended.getByRole('listitem')
      await expect(items.nth(1)).toBeVisible()
      const badges = ended.getByText(t('records', 'account.endedBadge'), { exact: true })
      expect(await badges.count()).toBe(await items.count())
      await expect(
        where.getByRole('button', { name: t('records', 'account.signOutThere') }),
      ).toHaveCount(0)
      await expect(where.getByText(t('records', 'account.onlyHere'))).toBeVisible()
      await expectAccessible()
      mkdirSync(SHOTS, { recursive: true })
      await where.screenshot({ path: `${SHOTS}/sessions-${language}-${width}.png` })
    })
  })
}
