import type { FastifyInstance } from 'fastify'
import { rawPath } from '../http/request-paths.ts'
import { notePage, wantsPage } from '../shared/plain-page.ts'

/**
 * A page is read with GET or HEAD. A form the server drew, sent before the portal took the page
 * over (a browser without `inert`), is a POST to its own address: it gets the page again (303),
 * so the e-mail address and the password never land in the address, and its body is never read
 * nor logged (over HTTP/1.1 the connection closes after the answer rather than take in the rest).
 * Any other method gets 405. Only requests no route takes: the API's and the files' stay as they are.
 */
export function answerOtherPageMethods(app: FastifyInstance, isPage: (path: string) => boolean) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return
    if (!request.is404 || !isPage(rawPath(request.url))) return
    reply.header('cache-control', 'no-store')
    const { 'transfer-encoding': chunked, 'content-length': length = '0' } = request.headers
    const body = chunked !== undefined || length !== '0'
    if (request.raw.httpVersionMajor < 2 && body) reply.header('connection', 'close')
    // One slash only: `//host/login`, or `/\\host/login` (a browser reads `\\` as `/`), would
    // send the browser to another host.
    if (request.method === 'POST') return reply.redirect(request.url.replace(/^[/\\]+/, '/'), 303)
    reply.code(405).header('allow', 'GET, HEAD')
    if (!wantsPage(request)) return reply.send({ error: 'Method not allowed' })
    return reply.type('text/html; charset=utf-8').send(notePage(request, 'pages.methodNotAllowed'))
  })
}
