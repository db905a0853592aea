/** What the enrollment journeys share: reading the QR code and the downloaded file. */
import jsQR from 'jsqr'
import { readFile } from 'node:fs/promises'
import { PNG } from 'pngjs'
import type { APIRequestContext, Download, Locator, Page, Response } from '@playwright/test'

/** Screenshots the QR code as a camera would see it and decodes it. */
export async function decodeQr(code: Locator): Promise<string | undefined> {
  const png = PNG.sync.read(await code.screenshot())
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data
}

/** The profile from the API (the download button) or through a one-time link (the direct way). */
export function isProfileResponse(response: Response): boolean {
  const { pathname } = new URL(response.url())
  return pathname === '/api/mdm/v2/user/mdmprofile' || isOneTimeLink(response.url())
}

export function isOneTimeLink(url: string): boolean {
  return /^\/api\/portal\/links\/[\w-]+$/.test(new URL(url).pathname)
}

/**
 * Every address the tab asks for or shows (requests, navigations, the history it leaves), to
 * check afterwards that the session token is in none of them.
 */
export function watchAddresses(page: Page): { addresses: string[] } {
  const addresses: string[] = []
  page.on('request', (request) => addresses.push(request.url()))
  page.on('framenavigated', (frame) => addresses.push(frame.url()))
  return { addresses }
}

export async function sessionToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('mdm.session'))
  if (!token) throw new Error('The page has no session')
  return token
}

export function expectNoToken(addresses: string[], token: string): void {
  const carriers = addresses.filter(
    (address) => address.includes(token) || address.includes(encodeURIComponent(token)),
  )
  if (carriers.length > 0) throw new Error(`The token is in: ${carriers.join(', ')}`)
  if (addresses.length === 0) throw new Error('No address was watched')
}

export async function savedText(download: Download): Promise<string> {
  return readFile(await download.path(), 'utf8')
}

/**
 * Clicks, and waits for both the file the browser saves and the API answer behind it (the
 * download event tells the name, the answer the content type).
 */
export async function downloadBy(
  page: Page,
  click: () => Promise<void>,
): Promise<{ download: Download; response: Response; text: string }> {
  const [download, response] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse(isProfileResponse),
    click(),
  ])
  return { download, response, text: await savedText(download) }
}

/**
 * A profile without its enrollment token, which the service makes anew for each download: two
 * downloads of the same profile are equal in everything else.
 */
export function withoutEnrollmentToken(profile: string): string {
  return profile
    .replace(/("enrollmentToken":\s*")[\w-]{32}"/g, '$1…"')
    .replace(/(<key>ClientIdentifier<\/key>\s*<string>)[\w-]{32}</g, '$1…<')
}

/**
 * The profile as the service sends it to this session, to compare the saved file with (both
 * without the enrollment token: see `withoutEnrollmentToken`).
 */
export async function profileFromService(
  page: Page,
  request: APIRequestContext,
  body: Record<string, unknown>,
): Promise<string> {
  const token = await page.evaluate(() => sessionStorage.getItem('mdm.session'))
  const response = await request.post('/api/mdm/v2/user/mdmprofile', { data: { ...body, token } })
  return withoutEnrollmentToken(await response.text())
}
