import type { FastifyInstance } from 'fastify'
import { rawPath } from '../http/request-paths.ts'
import { notePage, wantsPage } from '../shared/plain-page.ts'

/**
 * A page answers GET and HEAD; a drawn form sent before the portal took its page over gets it
 * again (303), anything else 405 (docs/architecture.md, "First page"); only requests no route takes.
 */
export function answerOtherPageMethods(app: FastifyInstance, isPage: (path: string) => boolean) {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method === 'GET' || request.method === 'HEAD') return
    if (!request.is404 || !isPage(rawPath(request.url))) return
    reply.header('cache-control', 'no-store')
    const { 'transfer-encoding': chunked, 'content-length': length = '0' } = request.headers
    // Its body is never read: over HTTP/1.1 the connection closes rather than take it in.
    const body = chunked !== undefined || length !== '0'
    if (request.raw.httpVersionMajor < 2 && body) reply.header('connection', 'close')
    // One slash only: `//host` or `/\\host` (a browser reads `\\` as `/`) would lead to another host.
    if (request.method === 'POST') return reply.redirect(request.url.replace(/^[/\\]+/, '/'), 303)
    reply.code(405).header('allow', 'GET, HEAD')
    if (!wantsPage(request)) return reply.send({ error: 'Method not allowed' })
    return reply.type('text/html; charset=utf-8').send(notePage(request, 'pages.methodNotAllowed'))
  })
}
