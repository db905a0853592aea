import type { IncomingMessage, ServerResponse } from 'node:http'
import type Provider from 'oidc-provider'
import { languageOf, type Language } from '../../contract/languages.ts'
import { serverTexts } from '../i18n/texts.ts'
import { escapeHtml } from '../shared/html.ts'

/**
 * The demo provider's own sign-in page: pick one of the demo accounts (one click), or cancel,
 * which returns `access_denied` to the portal as Entra ID does when a user declines.
 */
export const DEMO_IDP_USERS = [
  { email: 'anna@example.com', name: 'Anna Berger', known: true },
  { email: 'ben@example.com', name: 'Ben Keller', known: true },
  // Administrators, who sign in to the help desk with "Sign in as administrator" on.
  { email: 'admin@example.com', name: 'Alex Admin', known: true },
  { email: 'helpdesk@example.com', name: 'Hugo Helpdesk', known: true },
  // Has an account at the provider, none at the device service.
  { email: 'someone@example.com', name: 'Sam Someone', known: false },
] as const

export function demoIdpUser(email: string) {
  return DEMO_IDP_USERS.find((user) => user.email === email.trim().toLowerCase())
}

/** The page in a language (`server:demoIdp`). */
function page(uid: string, language: Language): string {
  const t = serverTexts(language)
  const accounts = DEMO_IDP_USERS.map(
    (user) => `<li><button name="login" value="${escapeHtml(user.email)}">
      <strong>${escapeHtml(user.name)}</strong> <span>${escapeHtml(user.email)}</span>
      ${user.known ? '' : `<small>(${escapeHtml(t('demoIdp.unknown'))})</small>`}</button></li>`,
  ).join('')
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>${escapeHtml(t('demoIdp.title'))}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1b1b1b}
ul{list-style:none;padding:0}li{margin:.5rem 0}button{width:100%;text-align:left;padding:.75rem 1rem;
font:inherit;border:1px solid #8a8886;border-radius:4px;background:#fff;cursor:pointer}
button:hover,button:focus-visible{background:#f3f2f1;outline:2px solid #0067b8}span,small{display:block;color:#484644}
a{color:#0067b8}</style></head><body><main><h1>${escapeHtml(t('demoIdp.heading'))}</h1><p>${escapeHtml(t('demoIdp.intro'))}</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login"><ul>${accounts}</ul></form>
<p><a href="/interaction/${escapeHtml(uid)}/abort">${escapeHtml(t('demoIdp.cancel'))}</a></p></main></body></html>`
}

async function formBody(request: IncomingMessage): Promise<URLSearchParams> {
  let body = ''
  for await (const chunk of request) {
    body += String(chunk)
    if (body.length > 10_000) break
  }
  return new URLSearchParams(body)
}

/** OpenID Connect's `ui_locales`: language tags, the preferred first, apart by spaces. */
function languageOfLocales(uiLocales: unknown): Language {
  return languageOf(typeof uiLocales === 'string' ? uiLocales.split(' ') : undefined)
}

export function interactionHandler(provider: Provider) {
  return async (request: IncomingMessage, response: ServerResponse) => {
    try {
      const { pathname } = new URL(request.url ?? '/', 'http://idp')
      const [, , uid, action] = pathname.split('/')
      const details = await provider.interactionDetails(request, response)
      if (uid !== details.uid) throw new Error('interaction mismatch')
      if (request.method === 'GET' && action === undefined) {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        response.end(page(details.uid, languageOfLocales(details.params.ui_locales)))
      } else if (request.method === 'POST' && action === 'login') {
        const user = demoIdpUser((await formBody(request)).get('login') ?? '')
        if (!user) throw new Error('unknown account')
        await provider.interactionFinished(request, response, { login: { accountId: user.email } })
      } else if (request.method === 'GET' && action === 'abort') {
        await provider.interactionFinished(request, response, {
          error: 'access_denied',
          error_description: 'The user cancelled the sign-in.',
        })
      } else {
        response.writeHead(404).end()
      }
    } catch {
      if (!response.headersSent) {
        response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' })
      }
      const language = languageOf(request.headers['accept-language'])
      response.end(serverTexts(language)('demoIdp.expired'))
    }
  }
}
