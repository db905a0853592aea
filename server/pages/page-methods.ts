import type { FastifyInstance, FastifyRequest } from 'fastify'
import { serverTexts } from '../i18n/texts.ts'
import { escapeHtml } from '../shared/html.ts'
import { rawPath } from '../http/request-paths.ts'
import { pageLanguage, plainPage, wantsPage } from '../shared/plain-page.ts'

/** Whether the request announces a body, which is then left unread. */
function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length']
  return request.headers['transfer-encoding'] !== undefined || (length ?? '0') !== '0'
}

/**
 * A page is read with GET or HEAD. A form the server drew is sent as a POST to its own address
 * when it is sent before the portal has taken the page over (a browser without `inert`): it
 * gets the page again (303), so the e-mail address and the password never land in the address,
 * and its body is never read (nor logged): over HTTP/1.1 the connection closes after the answer
 * rather than take in the rest. Any other method is told which ones a page allows (405, in the
 * words of `server:pages.methodNotAllowed`).
 * Only requests no route takes: the API's and the files' own answers stay as they are.
 */
export function answerOtherPageMethods(app: FastifyInstance, isPage: (path: string) => boolean) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return
    if (!request.is404 || !isPage(rawPath(request.url))) return
    reply.header('cache-control', 'no-store')
    if (request.raw.httpVersionMajor < 2 && hasBody(request)) reply.header('connection', 'close')
    // One slash only: `//host/login`, or `/\\host/login` (a browser reads `\\` as `/`), would
    // send the browser to another host.
    if (request.method === 'POST') return reply.redirect(request.url.replace(/^[/\\]+/, '/'), 303)
    reply.code(405).header('allow', 'GET, HEAD')
    if (!wantsPage(request)) return reply.send({ error: 'Method not allowed' })
    const lang = pageLanguage(request)
    const t = serverTexts(lang)
    return reply
      .type('text/html; charset=utf-8')
      .send(
        plainPage(
          request.server,
          lang,
          t('pages.methodNotAllowed.title'),
          `<p>${escapeHtml(t('pages.methodNotAllowed.body'))}</p>\n<p><a href="/">${escapeHtml(t('pages.home'))}</a></p>`,
        ),
      )
  })
}
