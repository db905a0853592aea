/**
 * What the bench needs from the demo API before it opens a page: a token for Anna, one of her
 * devices, and a valid password-reset link from the demo outbox.
 */
export const ANNA = { email: 'anna@example.com', password: 'Demo-Pass-1' }

async function post(origin, path, body) {
  const response = await fetch(`${origin}/api/mdm/v2/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
  })
  const json = await response.json().catch(() => null)
  if (!response.ok || !json?.success) {
    throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`)
  }
  return json
}

export async function login(origin, user = ANNA) {
  const { token } = await post(origin, 'user/login', {
    type: 'basic',
    usertype: 'user',
    username: user.email,
    password: user.password,
  })
  if (typeof token !== 'string') throw new Error('The login answer has no token.')
  return token
}

export async function firstDeviceId(origin, token) {
  const { data } = await post(origin, 'device/list', { token })
  const clientId = data?.[0]?.clientid
  if (typeof clientId !== 'string') throw new Error('The demo user has no devices.')
  return clientId
}

/** Requests a reset for the user and returns the path of the link in the newest e-mail. */
export async function resetPasswordPath(origin, user = ANNA) {
  await post(origin, 'user/forgotpassword', { emailaddress: user.email, usertype: 'user' })
  const response = await fetch(`${origin}/outbox.json`)
  if (!response.ok) throw new Error(`/outbox.json answered ${response.status}`)
  const mails = await response.json()
  const links = mails
    .filter((mail) => mail.to === user.email)
    .flatMap((mail) => mail.links ?? [])
    .filter((link) => link.includes('/reset-password?token='))
  const link = links.at(-1)
  if (!link) throw new Error(`No reset link for ${user.email} in the outbox.`)
  const url = new URL(link, origin)
  return url.pathname + url.search
}
