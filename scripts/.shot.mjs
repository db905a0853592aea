// node scripts/.shot.mjs <user|none> <en|de> <width> <paths...>  → /tmp/shot-<user>-<lang>-<width>-<i>.png
import { chromium } from '@playwright/test'
const [who, lang, width, ...paths] = process.argv.slice(2)
const base = process.env.BASE ?? 'http://127.0.0.1:8099'
const users = {
  anna: ['anna@example.com', 'Demo-Pass-1', 'user'],
  ben: ['ben@example.com', 'Demo-Pass-2', 'user'],
  admin: ['admin@example.com', 'Admin-Demo-1', 'admin'],
  auditor: ['auditor@example.com', 'Auditor-Demo-1', 'admin'],
  helpdesk: ['helpdesk@example.com', 'Helpdesk-Demo-1', 'admin'],
}
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const context = await browser.newContext({ locale: lang === 'de' ? 'de-DE' : 'en-US', viewport: { width: Number(width), height: 900 } })
const page = await context.newPage()
if (who !== 'none') {
  const [email, password, kind] = users[who]
  await page.goto(base + '/login')
  if (kind === 'admin') await page.locator('.admin-sign-in__switch input').check()
  await page.locator('input[type=email]').fill(email)
  await page.locator('input[type=password]').fill(password)
  await page.keyboard.press('Enter')
  await page.waitForTimeout(2500)
}
let i = 0
for (const path of paths) {
  await page.goto(base + path)
  await page.waitForTimeout(2500)
  const file = `/tmp/shot-${who}-${lang}-${width}-${i++}.png`
  await page.screenshot({ path: file, fullPage: true, clip: undefined })
  console.log(file, page.url())
}
await browser.close()
