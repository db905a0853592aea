/**
 * What the bench needs from the demo API before it opens a page: a token for Anna (or the
 * administrator), one of her devices, and a valid password-reset link from the demo outbox.
 */
import { send } from './servers.mjs'

export const ANNA = { email: 'anna@example.com', password: 'Demo-Pass-1' }
/** The demo tenant's administrator, for the help desk's lists. */
export const ADMIN = { email: 'admin@example.com', password: 'Admin-Demo-1', usertype: 'admin' }

/** `portal`: `{ url, ca }` as startPortal answers it. */
async function post(portal, path, body) {
  const { status, text } = await send(`${portal.url}/api/mdm/v2/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
    ca: portal.ca,
  })
  const json = (() => {
    try {
      return JSON.parse(text)
    } catch {
      return null
    }
  })()
  if (status !== 200 || !json?.success) {
    throw new Error(`${path} answered ${status}: ${text.slice(0, 300)}`)
  }
  return json
}

export async function login(portal, user = ANNA) {
  const { token } = await post(portal, 'user/login', {
    type: 'basic',
    usertype: user.usertype ?? 'user',
    username: user.email,
    password: user.password,
  })
  if (typeof token !== 'string') throw new Error('The login answer has no token.')
  return token
}

export async function firstDeviceId(portal, token) {
  const { data } = await post(portal, 'device/list', { token })
  const clientId = data?.[0]?.clientid
  if (typeof clientId !== 'string') throw new Error('The demo user has no devices.')
  return clientId
}

/** Requests a reset for the user and returns the path of the link in the newest e-mail. */
export async function resetPasswordPath(portal, user = ANNA) {
  await post(portal, 'user/forgotpassword', { emailaddress: user.email, usertype: 'user' })
  const { status, text } = await send(`${portal.url}/outbox.json`, { ca: portal.ca })
  if (status !== 200) throw new Error(`/outbox.json answered ${status}`)
  const mails = JSON.parse(text)
  const links = mails
    .filter((mail) => mail.to === user.email)
    .flatMap((mail) => mail.links ?? [])
    .filter((link) => link.includes('/reset-password?token='))
  const link = links.at(-1)
  if (!link) throw new Error(`No reset link for ${user.email} in the outbox.`)
  const url = new URL(link, portal.url)
  return url.pathname + url.search
}
