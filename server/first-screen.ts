import type { FastifyInstance } from 'fastify'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { preferredLanguage } from '../contract/languages.ts'
import {
  DEVICE_SCREEN_PATH,
  DEVICE_SCREEN_RENDERER,
  SCREENS,
  SHELL_TEXTS,
  SIGNED_IN_AREA_TEXTS,
} from '../contract/screens.ts'
import { sendApiFailure } from './api-failure.ts'
import { API_PREFIX } from './proxy.ts'
import { buildTexts, readManifest } from './screen-preloads.ts'

/** src/first-screen/device-screen.tsx, as the build makes it. */
type RenderDeviceScreen = (
  answer: unknown,
  language: string,
  texts: (language: string) => Record<string, Record<string, unknown>>,
) => string | null

/** A `device/info` body: a device's id and a token, nothing near this size. */
const MAX_BODY_BYTES = 16 * 1024

/** The locale files a device's page shows words of. */
const TEXT_FILES = [...SHELL_TEXTS, ...SIGNED_IN_AREA_TEXTS, ...SCREENS.device.namespaces]

/**
 * `POST /first-screen/device` (contract/screens.ts DEVICE_SCREEN_PATH): a device's page asks for
 * its device here as the page arrives, with exactly the body of `device/info`. The request goes
 * on to the service as that request would, through the portal's own API route (the embedded one
 * or the proxy, with the client's address and headers), and the answer comes back whole, with
 * the device's page rendered from it in the page's language by the portal's own components
 * (null when the answer is not a device). The page's start script shows that until the portal
 * has started, and gives the portal the service's answer as if it had asked itself
 * (build/first-paint.ts). Nothing is kept: the answer holds personal data and goes out as
 * `no-store`, like the service's.
 *
 * Registered only when the build has the renderer (build/server-render.ts); without it pages
 * ask the service directly.
 */
export async function deviceScreen(app: FastifyInstance, distDir: string): Promise<void> {
  const file = join(distDir, DEVICE_SCREEN_RENDERER)
  const manifest = readManifest(distDir)
  if (!manifest || !existsSync(file)) return
  const { renderDeviceScreen } = (await import(pathToFileURL(file).href)) as {
    renderDeviceScreen: RenderDeviceScreen
  }
  const textsOf = buildTexts(distDir, manifest)
  const texts = (language: string) =>
    Object.fromEntries(TEXT_FILES.map((name) => [name, textsOf(language, name) ?? {}]))

  await app.register(async (scope) => {
    // The body goes on as it came, unread: the service judges it, as it judges any request.
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
      (_request, body, done) => done(null, body),
    )
    scope.setErrorHandler((error, request, reply) =>
      sendApiFailure(
        request,
        reply,
        (error as { statusCode?: number }).statusCode === 413 ? 'bodyTooLarge' : 'badRequest',
      ),
    )
    scope.post(DEVICE_SCREEN_PATH, async (request, reply) => {
      // The answer is read here, so it comes uncompressed; this one's compression is the portal's.
      const {
        host: _host,
        'content-length': _length,
        'accept-encoding': _encoding,
        ...headers
      } = request.headers
      const answer = await app.inject({
        method: 'POST',
        url: `${API_PREFIX}/device/info`,
        headers,
        payload: typeof request.body === 'string' ? request.body : '',
        remoteAddress: request.ip,
      })
      let html: string | null = null
      if (answer.statusCode === 200) {
        const language = preferredLanguage(request.headers['accept-language']) ?? 'en'
        try {
          html = renderDeviceScreen(JSON.parse(answer.body), language, texts)
        } catch (error) {
          // The portal shows the device itself once it has started.
          request.log.warn({ err: error }, 'the device page could not be rendered')
        }
      }
      reply.header('cache-control', 'no-store')
      return {
        status: answer.statusCode,
        type: answer.headers['content-type'] ?? 'application/json',
        answer: answer.body,
        html,
      }
    })
  })
}
